package io.github.astrorag.core.chunk;

import io.github.astrorag.core.model.Document;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Characters per second of {@link RecursiveTokenChunker#defaults()} on a folder of prose and on runs of 1 MB and 4 MB
 * of {@code '.'}, in one JVM after a warm-up (docs/reliability.md, "Runs without white space").
 */
public final class RunChunkTiming {

    private RunChunkTiming() {
    }

    /**
     * Prints one line per input: characters, chunks, seconds, characters per second.
     *
     * @param args the folder of prose (its files are concatenated)
     * @throws IOException if the folder cannot be read
     */
    public static void main(String[] args) throws IOException {
        StringBuilder sb = new StringBuilder();
        try (Stream<Path> files = Files.list(Path.of(args[0]))) {
            for (Path p : files.sorted().toList()) {
                sb.append(Files.readString(p)).append("\n\n");
            }
        }
        String prose = sb.toString();
        RecursiveTokenChunker chunker = RecursiveTokenChunker.defaults();
        chunker.chunk(Document.of("w", prose.substring(0, Math.min(prose.length(), 200_000))));
        chunker.chunk(Document.of("w", ".".repeat(200_000)));
        Map<String, String> inputs = new LinkedHashMap<>();
        inputs.put("prose", prose);
        inputs.put("1 MB of '.'", ".".repeat(1 << 20));
        inputs.put("4 MB of '.'", ".".repeat(4 << 20));
        for (Map.Entry<String, String> e : inputs.entrySet()) {
            long t0 = System.nanoTime();
            int chunks = chunker.chunk(Document.of("d", e.getValue())).size();
            double seconds = (System.nanoTime() - t0) / 1e9;
            System.out.printf(Locale.ROOT, "%s: %d chars, %d chunks, %.2f s, %.0f chars/s%n", e.getKey(),
                    e.getValue().length(), chunks, seconds, e.getValue().length() / seconds);
        }
    }
}
