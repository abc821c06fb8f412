package io.github.astrorag.langdetect.internal.parts;

import io.github.astrorag.core.part.Part;
import io.github.astrorag.core.part.PartProvider;
import io.github.astrorag.core.part.Role;
import io.github.astrorag.core.part.Setting;
import io.github.astrorag.langdetect.OpenNlpLanguageDetector;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * rag-langdetect's language detector by name, {@code opennlp}. Registered in {@code META-INF/services}.
 */
public final class LangDetectParts implements PartProvider {

    /** Creates the provider (for {@link java.util.ServiceLoader}). */
    public LangDetectParts() {
    }

    @Override
    public List<Part<?>> parts() {
        return List.of(Part.builder(Role.LANGUAGE_DETECTOR, "opennlp", "the Unicode scripts, then OpenNLP's langdetect "
                                + "model (103 languages) for Latin text: German, French, Spanish, ... told from English",
                        (s, c) -> {
                            OpenNlpLanguageDetector.Builder b = OpenNlpLanguageDetector.builder();
                            if (s.isGiven("candidates")) {
                                b.candidates(codes(s.text("candidates")));
                            }
                            return b.minConfidence(s.number("min-confidence")).build();
                        })
                .setting(Setting.text("candidates", "the languages chosen among, BCP 47 codes joined by '+' (en+de+fr), "
                        + "or all (the model's 103); default: " + String.join("+",
                        new java.util.TreeSet<>(OpenNlpLanguageDetector.DEFAULT_CANDIDATES)), null))
                .setting(Setting.number("min-confidence", "the best candidate's least probability against "
                        + "English's, p / (p + p(en)); below it Latin text is en", OpenNlpLanguageDetector.DEFAULT_MIN_CONFIDENCE, 0, 1))
                .build());
    }

    private static Set<String> codes(String text) {
        Set<String> out = new LinkedHashSet<>();
        for (String c : text.split("\\+")) {
            if (!c.isBlank()) {
                out.add(c.strip());
            }
        }
        return out;
    }
}
