package io.github.astrorag.core.language;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class LanguageTagsTest {

    private static final Set<String> KNOWN = Set.of("zh", "pt", "pt-br");

    @Test
    void theWholeTagFirstThenItsPrimarySubtag() {
        assertThat(LanguageTags.match("zh", KNOWN)).isEqualTo("zh");
        assertThat(LanguageTags.match("zh-CN", KNOWN)).isEqualTo("zh");
        assertThat(LanguageTags.match(" pt_BR ", KNOWN)).isEqualTo("pt-br");
        assertThat(LanguageTags.match("pt-PT", KNOWN)).isEqualTo("pt");
        assertThat(LanguageTags.match("de-CH", KNOWN)).isNull();
        assertThat(LanguageTags.match("", KNOWN)).isNull();
        assertThat(LanguageTags.match(null, KNOWN)).isNull();
    }
}
