package io.github.astrorag.cli;

import io.github.astrorag.core.RagException;
import io.github.astrorag.onnx.NativeLibraries;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The process-wide settings of the {@code astrorag} command, made by its {@code main} only (the library
 * sets none): PDFBox's logging quiet unless {@code --verbose}, DJL offline ({@code ai.djl.offline=true} unless set), ONNX Runtime's libraries loaded
 * from the cache folder ({@code onnxruntime.native.path}) instead of being extracted into a new
 * temporary folder on every run (ONNX Runtime then deletes the empty folder it makes at start itself), and
 * the staging folders killed runs left in the cache folder deleted at start: only those this library made
 * and whose maker no longer runs; another library's folders in the temporary folder are never touched.
 */
final class NativeSetup {

    /** The least age of a staging folder swept (besides its maker no longer running). */
    static final Duration LEFTOVER_AGE = Duration.ofMinutes(10);

    private NativeSetup() {
    }

    /**
     * The loggers of PDFBox and FontBox (commons-logging) and of Apache POI (the Log4j API, under rag-documents'
     * office loader), all routed to SLF4J (slf4j-simple here): commons-logging picks SLF4J because log4j-to-slf4j,
     * the Log4j API's bridge, is on the class path; without it, it picks the Log4j API, whose fallback logger prints
     * errors on stderr past {@code simplelogger.properties}.
     */
    static final java.util.List<String> QUIET_LOGGERS = java.util.List.of("org.apache.pdfbox", "org.apache.fontbox", "org.apache.poi");

    /**
     * Keeps PDFBox's, FontBox's and POI's logging off (simplelogger.properties) unless {@code verbose}, then at warn:
     * what they dislike in a file is theirs to log, while the library says in one line what it did with the file (skipped
     * it, or failed). Must run before the first logger is made; a level already set as a system property is kept.
     */
    static void logging(boolean verbose) {
        if (verbose) {
            for (String logger : QUIET_LOGGERS) {
                String key = "org.slf4j.simpleLogger.log." + logger;
                if (System.getProperty(key) == null) {
                    System.setProperty(key, "warn");
                }
            }
        }
    }

    /** Sets the properties (those already set are kept) and sweeps old leftovers; never fails. */
    static void configure() {
        if (System.getProperty("log4j2.statusLoggerLevel") == null) {
            // Apache POI (under rag-documents' office loader) logs through the Log4j API: its provider here is
            // log4j-to-slf4j; should another jar's provider be found first, the Log4j API's status lines stay off
            System.setProperty("log4j2.statusLoggerLevel", "OFF");
        }
        if (System.getProperty("ai.djl.offline") == null && System.getenv("DJL_OFFLINE") == null) {
            System.setProperty("ai.djl.offline", "true");
        }
        if (System.getProperty(NativeLibraries.ORT_NATIVE_PATH) == null) {
            try {
                System.setProperty(NativeLibraries.ORT_NATIVE_PATH, NativeLibraries.extractOnnxRuntime().toString());
            } catch (RagException e) {
                // ONNX Runtime then extracts its libraries itself, as it does by default
            }
        }
        if (System.getProperty("org.sqlite.tmpdir") == null) {
            // the embedding cache's SQLite driver extracts its native library too: into the cache folder, like ONNX
            // Runtime's, so that a run leaves nothing in the temporary folder and an unwritable one is reported once
            Path sqlite = NativeLibraries.cacheFolder().resolve("astrorag").resolve("sqlite");
            try {
                Files.createDirectories(sqlite);
                System.setProperty("org.sqlite.tmpdir", sqlite.toString());
            } catch (IOException e) {
                // the driver then uses the temporary folder, as it does by default
            }
        }
        NativeLibraries.sweepLeftovers(NativeLibraries.cacheFolder().resolve("astrorag"), LEFTOVER_AGE);
    }
}
