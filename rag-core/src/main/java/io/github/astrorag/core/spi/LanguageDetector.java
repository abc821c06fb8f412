package io.github.astrorag.core.spi;

/**
 * Tells the language a text is written in: the role the pipeline asks, per document at ingest and per question, to
 * fill {@link io.github.astrorag.core.model.Metadata#LANGUAGE} and the trace.
 *
 * <p>Contract: {@link #detect} returns a BCP 47 primary language code in lower case ({@code en}, {@code zh},
 * {@code ja}, {@code ko}, {@code th}, {@code ar}, {@code hi}, {@code ru}, {@code de}, ...), or {@value #UNDETERMINED}
 * when the text holds no letter or the detector cannot tell; never {@code null}, never throws on any text. The same
 * text gives the same answer. A detector may read only a bounded prefix of a long text. Thread-safe.
 */
@FunctionalInterface
public interface LanguageDetector extends Described {

    /** The code of a text whose language could not be told (BCP 47 "undetermined"). */
    String UNDETERMINED = "und";

    /**
     * The language of {@code text}.
     *
     * @param text any text
     * @return its BCP 47 language code, or {@value #UNDETERMINED}
     * @throws NullPointerException if {@code text} is {@code null}
     */
    String detect(String text);
}
