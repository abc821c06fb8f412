package io.github.astrorag.cli;

import io.github.astrorag.core.spi.DocumentLoader.OnUnreadable;
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

    /** {@code --unreadable}'s values, as typed. */
    static final class UnreadableValues implements Iterable<String>, ITypeConverter<OnUnreadable> {
        @Override
        public java.util.Iterator<String> iterator() {
            return List.of("fail", "skip-in-folders", "skip").iterator();
        }

        @Override
        public OnUnreadable convert(String value) {
            for (OnUnreadable p : OnUnreadable.values()) {
                if (p.name().replace('_', '-').equalsIgnoreCase(value)) {
                    return p;
                }
            }
            throw new IllegalArgumentException("unknown value '" + value + "': use fail, skip-in-folders or skip");
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
