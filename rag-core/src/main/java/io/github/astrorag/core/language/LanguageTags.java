package io.github.astrorag.core.language;

import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Finds what is kept for a language tag among tags of a table (pipelines by language, analyzers by language): the
 * tag itself, else its primary subtag, so that {@code zh-CN} finds {@code zh} and {@code pt-BR} finds {@code pt-br}
 * before {@code pt}. Tags are compared in lower case with {@code _} read as {@code -}. Stateless.
 */
public final class LanguageTags {

    private LanguageTags() {
    }

    /**
     * The entry of {@code known} for {@code tag}.
     *
     * @param tag a BCP 47 tag as a document or detector gives it, such as {@code zh-CN}; null or blank for none
     * @param known the tags of the table, lower case, {@code -} between subtags
     * @return the tag itself (normalised) if {@code known} holds it, else its primary subtag if {@code known} holds
     *     that, else {@code null}
     */
    public static @Nullable String match(@Nullable String tag, Set<String> known) {
        Objects.requireNonNull(known, "known");
        if (tag == null || tag.isBlank()) {
            return null;
        }
        String whole = tag.strip().toLowerCase(Locale.ROOT).replace('_', '-');
        if (known.contains(whole)) {
            return whole;
        }
        int dash = whole.indexOf('-');
        String primary = dash < 0 ? whole : whole.substring(0, dash);
        return known.contains(primary) ? primary : null;
    }
}
