package io.github.astrorag.cli;

import io.github.astrorag.core.pipeline.IngestListener;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on stderr for long work: one bar per phase (load, chunk, embed; label, train), shown only
 * when there is enough work to be worth watching (more than {@value #MIN_FILES} files or
 * {@value #MIN_CHUNKS} chunks), so that a quick question stays quiet. Closing it ends the current bar.
 */
final class Progress implements IngestListener, AutoCloseable {

    static final int MIN_FILES = 3;
    static final int MIN_CHUNKS = 64;

    private final boolean manyFiles;
    private ProgressBar bar;
    private String phase;

    private Progress(boolean manyFiles) {
        this.manyFiles = manyFiles;
    }

    static Progress forIngest(int paths) {
        return new Progress(paths > MIN_FILES);
    }

    /** A bar for every phase, whatever its size. */
    static Progress always() {
        return new Progress(true);
    }

    @Override
    public void progress(String newPhase, long done, long total) {
        boolean worth = manyFiles || ("embed".equals(newPhase) && total > MIN_CHUNKS);
        if (!worth) {
            return;
        }
        if (!newPhase.equals(phase)) {
            close();
            phase = newPhase;
            bar = new ProgressBarBuilder().setTaskName(label(newPhase)).setInitialMax(total)
                    .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(200)
                    .setConsumer(new ConsoleProgressBarConsumer(System.err)).build();
        }
        bar.stepTo(done);
    }

    private static String label(String phase) {
        return switch (phase) {
            case "load" -> "Loading files";
            case "chunk" -> "Chunking";
            case "embed" -> "Embedding chunks";
            case "label" -> "Grid search";
            case "train" -> "Training";
            default -> phase;
        };
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }
}
