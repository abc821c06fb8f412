package io.github.astrorag.cli;

import io.github.astrorag.core.part.PartRegistry;
import io.github.astrorag.core.part.Role;
import java.util.Iterator;

/** The names of the registry's parts of one role, for picocli's {@code ${COMPLETION-CANDIDATES}} in help texts. */
abstract class Names implements Iterable<String> {

    private final Role<?> role;

    Names(Role<?> role) {
        this.role = role;
    }

    @Override
    public Iterator<String> iterator() {
        return PartRegistry.installed().names(role).iterator();
    }

    /** Preset names. */
    static final class Presets extends Names {
        Presets() {
            super(Role.PRESET);
        }
    }

    /** Retriever names. */
    static final class Retrievers extends Names {
        Retrievers() {
            super(Role.RETRIEVER);
        }
    }

    /** Reranker names. */
    static final class Rerankers extends Names {
        Rerankers() {
            super(Role.RERANKER);
        }
    }

    /** Selector names. */
    static final class Selectors extends Names {
        Selectors() {
            super(Role.SELECTOR);
        }
    }

    /** Generator names. */
    static final class Generators extends Names {
        Generators() {
            super(Role.GENERATOR);
        }
    }

    /** Analyzer names. */
    static final class Analyzers extends Names {
        Analyzers() {
            super(Role.ANALYZER);
        }
    }

    /** Embedder names. */
    static final class Embedders extends Names {
        Embedders() {
            super(Role.EMBEDDER);
        }
    }

    /** Tokenizer names. */
    static final class Tokenizers extends Names {
        Tokenizers() {
            super(Role.TOKENIZER);
        }
    }

    /** Language detector names. */
    static final class LanguageDetectors extends Names {
        LanguageDetectors() {
            super(Role.LANGUAGE_DETECTOR);
        }
    }
}
