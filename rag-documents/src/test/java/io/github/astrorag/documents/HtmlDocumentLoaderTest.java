package io.github.astrorag.documents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.spi.DocumentLoader;
import io.github.astrorag.core.testing.DocumentLoaderContract;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlDocumentLoaderTest {

    @TempDir
    Path dir;

    private final HtmlDocumentLoader loader = new HtmlDocumentLoader();

    @Test
    void theTextAReaderSeesWithHeadingsAsSectionsAndTheTitleAsMetadata() throws IOException {
        Path f = Files.writeString(dir.resolve("vega.html"), """
                <!doctype html><html><head><title>Bright stars</title><style>p { color: red }</style>
                <script>var secret = "SCRIPTWORD";</script></head>
                <body><nav><a href="/">Home</a> <a href="/more">NAVWORD</a></nav>
                <div role="navigation">ROLENAV</div>
                <h1>Vega</h1><p>Vega is a <b>bright</b> star in <a href="https://example.org/LINKTARGET">Lyra</a>.</p>
                <p hidden>HIDDENWORD</p><p style="display: none">STYLEHIDDEN</p><span aria-hidden="true">ARIAHIDDEN</span>
                <h2>Distance</h2><p>It is 25 light-years away.</p>
                <figure><img src="vega.png" alt="x"><figcaption>Vega seen from the ground.</figcaption></figure>
                <noscript>NOSCRIPTWORD</noscript><template>TEMPLATEWORD</template>
                </body></html>""");
        List<Document> docs = loader.load(f);
        assertThat(docs).hasSize(2);
        Document body = docs.get(0);
        assertThat(body.text()).isEqualTo("# Vega\n\nVega is a bright star in Lyra.\n\n## Distance\n\nIt is 25 light-years away.");
        assertThat(body.title()).isEqualTo("Bright stars");
        assertThat(body.id()).isEqualTo("vega.html");
        assertThat(body.metadata()).containsEntry("title", "Bright stars").containsEntry("type", "html")
                .containsEntry("source", "vega.html").doesNotContainKey("part");
        Document caption = docs.get(1);
        assertThat(caption.text()).isEqualTo("Vega seen from the ground.");
        assertThat(caption.metadata()).containsEntry(HtmlDocumentLoader.PART, HtmlDocumentLoader.CAPTION);
    }

    @Test
    void theCharacterSetComesFromTheDocument() throws IOException {
        Path f = dir.resolve("latin.htm");
        Files.write(f, "<html><head><meta charset=\"ISO-8859-1\"></head><body><p>Caf\u00e9 \u00e0 Montr\u00e9al</p></body></html>"
                .getBytes(Charset.forName("ISO-8859-1")));
        assertThat(loader.load(f).get(0).text()).isEqualTo("Caf\u00e9 \u00e0 Montr\u00e9al");
        assertThat(loader.load(f).get(0).title()).isEqualTo("latin");
        Path utf8 = Files.write(dir.resolve("u.html"), "<p>Caf\u00e9</p>".getBytes(StandardCharsets.UTF_8));
        assertThat(loader.load(utf8).get(0).text()).isEqualTo("Caf\u00e9");
    }

    @Test
    void withoutTitleTheFirstHeadingAndNothingVisibleIsEmpty() throws IOException {
        Path f = Files.writeString(dir.resolve("a.html"), "<body><h2>Deneb</h2><p>far</p></body>");
        assertThat(loader.load(f).get(0).title()).isEqualTo("Deneb");
        Path blank = Files.writeString(dir.resolve("b.html"), "<html><script>x()</script><p hidden>y</p></html>");
        assertThatThrownBy(() -> loader.load(blank)).isInstanceOf(DocumentException.Empty.class).hasMessageContaining("b.html");
        Path big = Files.writeString(dir.resolve("c.html"), "<p>" + "word ".repeat(100) + "</p>");
        assertThatThrownBy(() -> new HtmlDocumentLoader(1000, 100).load(big))
                .isInstanceOf(DocumentException.TooLarge.class).hasMessageContaining("c.html");
        assertThatThrownBy(() -> new HtmlDocumentLoader(0, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxBytes");
    }

    @Test
    void deepNestingIsReadWithoutRecursion() throws IOException {
        Path f = Files.writeString(dir.resolve("deep.html"), "<div>".repeat(100_000) + "Vega" + "</div>".repeat(100_000));
        assertThat(loader.load(f).get(0).text()).isEqualTo("Vega");
    }

    @Nested
    class Contract extends DocumentLoaderContract {
        @Override
        protected DocumentLoader loader() {
            return new HtmlDocumentLoader();
        }

        @Override
        protected Path write(Path folder, String baseName, List<String> pages) throws IOException {
            StringBuilder b = new StringBuilder("<html><body>");
            pages.forEach(p -> b.append("<p>").append(p).append("</p>"));
            return Files.writeString(folder.resolve(baseName + ".html"), b.append("</body></html>"));
        }
    }
}
