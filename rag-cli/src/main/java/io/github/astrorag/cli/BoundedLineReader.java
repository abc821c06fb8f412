package io.github.astrorag.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Objects;

/**
 * Reads a byte stream as lines ended by {@code \n} (a {@code \r} before it is dropped; the last line may lack
 * its {@code \n}), holding at most {@code limit} bytes of a line: the rest of a longer line is read and dropped,
 * and the line comes back as {@link Line#tooLong()} with its length. Memory: {@code limit} bytes plus a 64 KiB
 * buffer at most. Not thread-safe.
 */
final class BoundedLineReader {

    /** One line: {@code length} bytes of {@code bytes}, or only its length if it was longer than the limit. */
    record Line(byte[] bytes, int length, long fullLength, boolean tooLong) {
    }

    private final InputStream in;
    private final int limit;
    private final byte[] buffer = new byte[64 * 1024];
    private int position;
    private int end;
    private byte[] line;

    /**
     * @param in the stream, read in blocks of up to 64 KiB
     * @param limit the longest line held, in bytes (at least 1)
     */
    BoundedLineReader(InputStream in, int limit) {
        this.in = Objects.requireNonNull(in, "in");
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, was " + limit);
        }
        this.limit = limit;
        this.line = new byte[Math.min(limit, 1024)];
    }

    /**
     * The next line, or null at the end of the stream. Blocks until a whole line (or the end) was read.
     * {@link Line#bytes()} is reused by the next call.
     *
     * @throws IOException if the stream fails
     */
    Line next() throws IOException {
        int length = 0;
        long full = 0;
        boolean any = false;
        while (true) {
            if (position == end) {
                int n = in.read(buffer, 0, buffer.length);
                if (n < 0) {
                    return any ? finish(length, full) : null;
                }
                position = 0;
                end = n;
                continue;
            }
            any = true;
            int newline = position;
            while (newline < end && buffer[newline] != '\n') {
                newline++;
            }
            int n = newline - position;
            full += n;
            if (full <= limit) {
                if (length + n > line.length) {
                    line = Arrays.copyOf(line, Math.min(limit, Math.max(length + n, line.length * 2)));
                }
                System.arraycopy(buffer, position, line, length, n);
                length += n;
            }
            position = newline;
            if (newline < end) {
                position++; // past the \n
                return finish(length, full);
            }
        }
    }

    private Line finish(int length, long full) {
        if (full > limit) {
            return new Line(line, 0, full, true);
        }
        int n = length > 0 && line[length - 1] == '\r' ? length - 1 : length;
        return new Line(line, n, full, false);
    }
}
