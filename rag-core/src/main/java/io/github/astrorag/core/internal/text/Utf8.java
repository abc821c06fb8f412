package io.github.astrorag.core.internal.text;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Finds where a text file stops being UTF-8, so that a message can name the line, not "Input length = 1". */
public final class Utf8 {

    private Utf8() {
    }

    /**
     * The number (from 1) of the first line of {@code file} that is not valid UTF-8, or 0 if every line is.
     * Reads the file once, one line at a time; O(file size) time, O(longest line) memory.
     *
     * @param file the file to check
     * @return the line number, or 0
     * @throws IOException if the file cannot be read
     */
    public static int firstMalformedLine(Path file) throws IOException {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            int number = 1;
            for (int b = in.read(); ; b = in.read()) {
                if (b == '\n' || b < 0) {
                    try {
                        decoder.reset().decode(ByteBuffer.wrap(line.toByteArray()));
                    } catch (CharacterCodingException e) {
                        return number;
                    }
                    if (b < 0) {
                        return 0;
                    }
                    line.reset();
                    number++;
                } else {
                    line.write(b);
                }
            }
        }
    }
}
