package io.github.astrorag.cli;

import io.github.astrorag.core.spi.DocumentLoader.OnUnreadable;
import io.github.astrorag.core.spi.DocumentLoader.OnUnsupported;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options that make the instance a command answers from, shared by {@code ask} and {@code mcp}: the
 * pipeline (with its embedder and generator), where the ephemeral index lives, the embedding cache, and what
 * loading does with a file it cannot read.
 */
final class InstanceOptions {

    /** An option's enum values, as typed: lower case, {@code -} for {@code _}. */
    abstract static class PolicyValues<E extends Enum<E>> implements Iterable<String>, ITypeConverter<E> {
        private final Class<E> type;

        PolicyValues(Class<E> type) {
            this.type = type;
        }

        @Override
        public java.util.Iterator<String> iterator() {
            return java.util.Arrays.stream(type.getEnumConstants())
                    .map(p -> p.name().replace('_', '-').toLowerCase(java.util.Locale.ROOT)).iterator();
        }

        @Override
        public E convert(String value) {
            for (E p : type.getEnumConstants()) {
                if (p.name().replace('_', '-').equalsIgnoreCase(value)) {
                    return p;
                }
            }
            List<String> names = new java.util.ArrayList<>();
            forEach(names::add);
            throw new IllegalArgumentException("unknown value '" + value + "': use "
                    + String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1));
        }
    }

    /** {@code --unreadable}'s values, as typed. */
    static final class UnreadableValues extends PolicyValues<OnUnreadable> {
        UnreadableValues() {
            super(OnUnreadable.class);
        }
    }

    /** What loading does with a file it cannot read; null: skip-in-folders, the library's default. */
    @Option(names = "--unreadable", paramLabel = "POLICY", converter = UnreadableValues.class,
            completionCandidates = UnreadableValues.class,
            description = "What to do with a file that cannot be read (broken, empty, over a limit, a PDF without PDFBox):"
                    + " ${COMPLETION-CANDIDATES}. skip-in-folders skips such a file found in a --docs folder, with one"
                    + " warning on stderr and an entry in the trace, and fails on one named by --docs; skip skips both;"
                    + " fail fails on both. Default: skip-in-folders.")
    OnUnreadable unreadable;

    /** {@code --unsupported}'s values, as typed. */
    static final class UnsupportedValues extends PolicyValues<OnUnsupported> {
        UnsupportedValues() {
            super(OnUnsupported.class);
        }
    }

    /** What a folder walk does with a file no loader reads; null: skip, counted in one warning. */
    @Option(names = "--unsupported", paramLabel = "POLICY", converter = UnsupportedValues.class,
            completionCandidates = UnsupportedValues.class,
            description = "What to do with a file in a --docs folder that no loader reads (its kind is none of"
                    + " ${sys:astrorag.kinds}): ${COMPLETION-CANDIDATES}. skip leaves such files out and names them,"
                    + " counted by extension, in one warning on stderr and in the trace; fail fails. Default: skip.")
    OnUnsupported unsupported;

    /** The preset and its tuning, the embedder, the generator. */
    @Mixin
    PipelineOptions pipeline = new PipelineOptions();

    /** Where the ephemeral index lives. */
    @Mixin
    IndexOptions index = new IndexOptions();

    /** The embedding cache. */
    @Mixin
    CacheOptions cache = new CacheOptions();
}
