package io.github.astrorag.onnx;

import static io.github.astrorag.onnx.OnnxSentenceEmbedder.MODEL_FILE;
import static io.github.astrorag.onnx.OnnxSentenceEmbedder.TOKENIZER_FILE;

import ai.djl.Device;
import ai.djl.MalformedModelException;
import ai.djl.Model;
import ai.djl.engine.Engine;
import io.github.astrorag.core.EmbeddingException;
import io.github.astrorag.core.internal.Arguments;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Loads what an {@link OnnxSentenceEmbedder} runs: the tokenizer (cut at the embedder's maximum length,
 * never padded) and the ONNX session on DJL's OnnxRuntime engine, pinned (one inter-op thread, sequential
 * execution, the given intra-op threads), from a bundled model or a user folder, with the SHA-256 of the
 * ONNX file's bytes. A bundled model is copied once into
 * {@link NativeLibraries#cacheFolder()}{@code /astrorag/models/<id>-<hash>/} (through a temporary file in
 * the same folder, then an atomic move) and loaded from there. Reading the model is linear in its size.
 * Stateless.
 */
final class OnnxModelLoader {

    private static final String ENGINE = "OnnxRuntime";

    /**
     * A loaded model.
     *
     * @param id        the model's name: a bundled model's id, or the folder's name
     * @param model     the ONNX session; the caller closes it
     * @param tokenizer the tokenizer
     * @param sha256    the hex SHA-256 of the ONNX file's bytes
     */
    record Loaded(String id, Model model, WordPieceTokenizer tokenizer, String sha256) {
    }

    private OnnxModelLoader() {
    }

    /**
     * A bundled model, from the classpath.
     *
     * @throws EmbeddingException if the temporary folder is not writable, the resources are not on the
     *                            classpath, the cache folder cannot be written, or the engine cannot load it
     */
    static Loaded bundled(SentenceModel m, int maxLength, int intraOpThreads) {
        checkFolders();
        WordPieceTokenizer tokenizer;
        try (InputStream in = resource(m, m.tokenizerResource())) {
            tokenizer = WordPieceTokenizer.read(in, m.tokenizerResource()).truncatedTo(maxLength).unpadded();
        } catch (IOException e) {
            throw new EmbeddingException("cannot read tokenizer resource " + m.tokenizerResource() + ": " + e, e);
        }
        byte[] bytes;
        try (InputStream in = resource(m, m.modelResource())) {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new EmbeddingException("cannot read model resource " + m.modelResource() + ": " + e.getMessage(), e);
        }
        String sha256 = NativeLibraries.sha256(bytes);
        Path folder = cachedModel(m, bytes, sha256);
        Model model = newModel(m.id());
        try {
            model.load(folder, "model", sessionOptions(intraOpThreads));
        } catch (IOException | MalformedModelException | RuntimeException e) {
            model.close();
            throw new EmbeddingException("cannot load model " + m.id() + " from resource " + m.modelResource()
                    + ": " + e.getMessage(), e);
        }
        return new Loaded(m.id(), model, tokenizer, sha256);
    }

    /**
     * A user model folder holding {@value OnnxSentenceEmbedder#MODEL_FILE} and
     * {@value OnnxSentenceEmbedder#TOKENIZER_FILE}.
     *
     * @throws IllegalArgumentException if the folder is missing or lacks one of the two files
     * @throws EmbeddingException       if the temporary folder is not writable, the tokenizer is not a BERT
     *                                  WordPiece tokenizer, or the engine cannot load the model
     */
    static Loaded folder(Path dir, int maxLength, int intraOpThreads) {
        Arguments.check(Files.isDirectory(dir),
                "model directory %s does not exist or is not a folder; it must hold %s and %s",
                dir.toAbsolutePath(), MODEL_FILE, TOKENIZER_FILE);
        for (String file : List.of(MODEL_FILE, TOKENIZER_FILE)) {
            Arguments.check(Files.isRegularFile(dir.resolve(file)),
                    "model directory %s has no %s; it must hold %s and %s (export one with Hugging Face"
                            + " Optimum: optimum-cli export onnx --model <name> <folder>)",
                    dir.toAbsolutePath(), file, MODEL_FILE, TOKENIZER_FILE);
        }
        Path fileName = dir.toAbsolutePath().normalize().getFileName();
        String id = fileName == null ? dir.toString() : fileName.toString();
        checkFolders();
        WordPieceTokenizer tokenizer = WordPieceTokenizer.read(dir.resolve(TOKENIZER_FILE)).truncatedTo(maxLength)
                .unpadded();
        Model model = newModel(id);
        String sha256;
        try (DigestInputStream in = digesting(Files.newInputStream(dir.resolve(MODEL_FILE)))) {
            sha256 = hex(in);
            model.load(dir, "model", sessionOptions(intraOpThreads));
        } catch (IOException | MalformedModelException | RuntimeException e) {
            model.close();
            throw new EmbeddingException("cannot load model " + dir.resolve(MODEL_FILE) + ": " + e.getMessage(), e);
        }
        return new Loaded(id, model, tokenizer, sha256);
    }

    /**
     * A model on the pinned ONNX engine. DJL's engine creates the process-wide ONNX Runtime
     * environment with its own thread options, and fails if another library created it first.
     */
    private static Model newModel(String id) {
        try {
            cpuByDefault();
            return Model.newInstance(id, Device.cpu(), ENGINE);
        } catch (ExceptionInInitializerError | NoClassDefFoundError | RuntimeException e) {
            throw new EmbeddingException("cannot start DJL's " + ENGINE + " engine for model " + id + ": " + e
                    + (e.getCause() != null ? " (" + e.getCause().getMessage() + ")" : "")
                    + "; if another library (such as LangChain4j's in-process embeddings) created the ONNX Runtime"
                    + " environment first, create an OnnxSentenceEmbedder before it", e);
        }
    }

    /**
     * Makes the CPU the ONNX engine's default device. Every model of this library runs on the CPU
     * ({@link Device#cpu()}), but DJL's ONNX Runtime engine creates its process-wide system manager without a device,
     * and the engine then looks for its default device by asking ONNX Runtime for CUDA: where there is none, that
     * probe logs the warning "CUDA is not supported OnnxRuntime engine" on every start. Set first, the default device
     * is never probed. DJL has no setter for it: its field is set once, when still unset; a DJL without that field
     * probes as before (and warns), nothing else changes. No logging is configured.
     */
    private static void cpuByDefault() {
        Engine engine = Engine.getEngine(ENGINE);
        try {
            java.lang.reflect.Field device = Engine.class.getDeclaredField("defaultDevice");
            device.setAccessible(true);
            synchronized (engine) {
                if (device.get(engine) == null) {
                    device.set(engine, Device.cpu());
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // another DJL: its own probe decides, with its warning where there is no CUDA
        }
    }

    private static Map<String, String> sessionOptions(int intraOpThreads) {
        Map<String, String> o = new LinkedHashMap<>();
        o.put("interOpNumThreads", "1");
        o.put("executionMode", "SEQUENTIAL");
        if (intraOpThreads > 0) {
            o.put("intraOpNumThreads", Integer.toString(intraOpThreads));
        }
        return o;
    }

    /** Fails with one line when the temporary folder, which ONNX Runtime must write to, is not writable. */
    private static void checkFolders() {
        NativeLibraries.checkWritable(NativeLibraries.temporaryFolder(), "the temporary folder",
                "start Java with -Djava.io.tmpdir=<a writable folder> (for the astrorag command: "
                        + "JAVA_TOOL_OPTIONS=-Djava.io.tmpdir=<folder>)");
    }

    /**
     * The folder in the cache holding {@code m}'s ONNX file ({@code bytes}, of hash {@code sha256}) as
     * {@value OnnxSentenceEmbedder#MODEL_FILE}, copied there on first use (through a temporary file in the
     * same folder, then an atomic move).
     */
    private static Path cachedModel(SentenceModel m, byte[] bytes, String sha256) {
        Path folder = NativeLibraries.cacheFolder().resolve("astrorag").resolve("models")
                .resolve(m.id() + "-" + sha256.substring(0, 16));
        Path file = folder.resolve(MODEL_FILE);
        try {
            if (Files.isRegularFile(file) && Files.size(file) == bytes.length) {
                return folder;
            }
            Files.createDirectories(folder);
            Path part = Files.createTempFile(folder, MODEL_FILE, ".part");
            try {
                Files.write(part, bytes);
                Files.move(part, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(part);
            }
            return folder;
        } catch (IOException e) {
            throw new EmbeddingException("cannot copy model " + m.id() + " into the cache folder " + folder + " ("
                    + e.getClass().getSimpleName() + "): set the environment variable DJL_CACHE_DIR to a writable folder", e);
        }
    }

    private static DigestInputStream digesting(InputStream in) {
        try {
            return new DigestInputStream(in, MessageDigest.getInstance("SHA-256"));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }

    /** Reads what is left of {@code in} and returns the hex SHA-256 of everything read through it. */
    private static String hex(DigestInputStream in) throws IOException {
        in.transferTo(OutputStream.nullOutputStream());
        return HexFormat.of().formatHex(in.getMessageDigest().digest());
    }

    private static InputStream resource(SentenceModel m, String resource) {
        InputStream in = SentenceModel.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new EmbeddingException("embedding model " + m.id() + ": resource '" + resource
                    + "' is not on the classpath; add the Maven dependency " + m.artifact()
                    + " (it is used as a resource only: its transitive dependencies may be excluded)");
        }
        return in;
    }
}
