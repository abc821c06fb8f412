package io.github.astrorag.core.internal.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MentionsTest {

    @Test
    void aNameHasThreeCharactersAndALetter() {
        assertThat(Mentions.name("  Lunaria ")).isEqualTo("lunaria");
        assertThat(Mentions.name("Ada")).isEqualTo("ada");
        assertThat(Mentions.name("Io")).isNull();
        assertThat(Mentions.name("000")).isNull();
        assertThat(Mentions.name("1973 oil crisis")).isEqualTo("1973 oil crisis");
        assertThat(Mentions.name("")).isNull();
    }

    @Test
    void aNameOccursOnlyAsWholeWords() {
        assertThat(Mentions.containsWords("born in lunaria.", "lunaria")).isTrue();
        assertThat(Mentions.containsWords("the lunarian sea", "lunaria")).isFalse();
        assertThat(Mentions.containsWords("adam met ada", "ada")).isTrue();
        assertThat(Mentions.containsWords("adam", "ada")).isFalse();
        assertThat(Mentions.containsWords("x2ada", "ada")).isFalse();
        assertThat(Mentions.containsWords("(ada)", "ada")).isTrue();
        assertThat(Mentions.containsWords(Mentions.lower("Born in LUNARIA"), Mentions.name("Lunaria"))).isTrue();
    }
}
