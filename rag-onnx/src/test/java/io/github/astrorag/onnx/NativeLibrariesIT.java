package io.github.astrorag.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.astrorag.core.EmbeddingException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedder's native parts: no global state, files in the cache once, leftovers swept. */
class NativeLibrariesIT {

    @TempDir
    Path dir;

    /** The properties, without those JNA sets about itself when DJL loads it (third-party, not ours to set or unset). */
    private static Map<Object, Object> properties() {
        Map<Object, Object> out = new HashMap<>(System.getProperties());
        out.keySet().removeIf(k -> k.toString().startsWith("jna.") || k.toString().startsWith("jnidispatch."));
        return out;
    }

    @Test
    void buildingAnEmbedderSetsNoSystemProperty() {
        Map<Object, Object> before = properties();
        try (OnnxSentenceEmbedder e = OnnxSentenceEmbedder.load(SentenceModel.ALL_MINILM_L6_V2_Q)) {
            assertThat(e.embedQuery("a comet")).hasSize(384);
        }
        assertThat(properties()).isEqualTo(before);
        assertThat(System.getProperty("ai.djl.offline")).isNull();
    }

    @Test
    void onnxRuntimeIsExtractedOnceIntoTheCache() throws IOException {
        Path folder = NativeLibraries.extractOnnxRuntime();
        assertThat(folder).startsWith(NativeLibraries.cacheFolder());
        Path lib = folder.resolve(System.mapLibraryName("onnxruntime"));
        assertThat(lib).isRegularFile();
        FileTime written = Files.getLastModifiedTime(lib);
        assertThat(NativeLibraries.extractOnnxRuntime()).isEqualTo(folder);
        assertThat(Files.getLastModifiedTime(lib)).isEqualTo(written);
        try (var s = Files.list(folder.getParent())) {
            assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("tmp-onnxruntime-"));
        }
    }

    @Test
    void aFolderThatIsNotWritableFailsWithOneLineNamingIt() throws IOException {
        Path file = Files.writeString(dir.resolve("not-a-folder"), "x");
        assertThatThrownBy(() -> NativeLibraries.checkWritable(file, "the temporary folder", "set java.io.tmpdir"))
                .isInstanceOf(EmbeddingException.class)
                .hasMessage("the temporary folder " + file + " is not writable (FileSystemException), and the ONNX embedder"
                        + " needs it: set java.io.tmpdir");
    }
}
