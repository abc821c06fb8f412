package io.github.astrorag.core.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.testing.CpuBudget;
import io.github.astrorag.core.testing.HostilePdfs;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crafted PDFs meet the PDF loader's budget of work: the pages the page tree really holds, a bound on the
 * content-stream operators per page and per file, one pass over the pages.
 */
class HostilePdfTest {

    @TempDir
    Path dir;

    private final PdfDocumentLoader loader = new PdfDocumentLoader();

    @Test
    void aPageTreeClaimingTwoBillionPagesIsReadAsThePagesItHolds() throws IOException {
        Path f = HostilePdfs.hugePageCount(dir.resolve("count.pdf"));
        CpuBudget.within(Duration.ofSeconds(5), () -> assertThatThrownBy(() -> loader.load(f))
                .isInstanceOf(DocumentException.Empty.class).hasMessageContaining("count.pdf").hasMessageContaining("(1 page(s)"));
    }

    @Test
    void twentyMillionNestedSavesAreRefusedAtTheOperatorLimitOfThePage() throws IOException {
        Path f = HostilePdfs.nestedSaves(dir.resolve("saves.pdf"), 20_000_000);
        CpuBudget.within(Duration.ofSeconds(30), () -> assertThatThrownBy(() -> loader.load(f))
                .isInstanceOf(DocumentException.TooLarge.class).hasMessageContaining("saves.pdf")
                .hasMessageContaining("over 1,048,577 content-stream operators on page 1, over the limit of 1,048,576"));
    }

    @Test
    void theOperatorLimitsPerPageAndPerFileAreSettings() throws IOException {
        Path saves = HostilePdfs.nestedSaves(dir.resolve("saves.pdf"), 1000);
        assertThatThrownBy(() -> loader.withOperatorLimits(999, 10_000).load(saves))
                .isInstanceOf(DocumentException.TooLarge.class).hasMessageContaining("limit of 999 operators per page");
        assertThatThrownBy(() -> loader.withOperatorLimits(1000, 10_000).load(saves))
                .isInstanceOf(DocumentException.Empty.class);
        Path pages = HostilePdfs.oneLinePages(dir.resolve("pages.pdf"), 20);
        // five operators a page (BT, Tf, Td, Tj, ET): 100 in all
        assertThat(loader.withOperatorLimits(5, 100).load(pages).get(0).pageStarts()).hasSize(20);
        assertThatThrownBy(() -> loader.withOperatorLimits(5, 99).load(pages))
                .isInstanceOf(DocumentException.TooLarge.class).hasMessageContaining("limit of 99 operators per file");
        assertThatThrownBy(() -> loader.withOperatorLimits(0, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxPageOperators");
    }

    @Test
    void twentyThousandPagesLoadInOnePass() throws IOException {
        Path f = HostilePdfs.oneLinePages(dir.resolve("pages.pdf"), 20_000);
        // one pass takes seconds; a pass per page took minutes (docs/reliability.md)
        Document d = CpuBudget.within(Duration.ofSeconds(60), () -> loader.load(f).get(0));
        assertThat(d.pageStarts()).hasSize(20_000);
        assertThat(d.text()).startsWith("Page 1 mentions star 1.\nPage 2 mentions star 2.\n")
                .endsWith("Page 20000 mentions star 20000.\n");
        assertThat(d.text().substring(d.pageStarts().get(9_999))).startsWith("Page 10000 mentions");
    }
}
