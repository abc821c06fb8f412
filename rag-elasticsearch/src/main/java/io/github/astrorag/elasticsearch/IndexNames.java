package io.github.astrorag.elasticsearch;

import io.github.astrorag.core.internal.Arguments;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * Names of ephemeral indices: {@code <prefix><yyyyMMdd't'HHmmss>-<12 hex digits>}, built from a validated
 * prefix, the creation time (UTC) and a random id, never from document content; the same shape names the
 * instances of the shared index. The shared index of one vector dimension is {@code <prefix>shared-<dimension>}.
 * Thread-safe.
 */
final class IndexNames {

    /** Longest prefix accepted (the whole name stays far below Elasticsearch's 255 bytes). */
    static final int MAX_PREFIX_LENGTH = 100;

    private static final Pattern PREFIX = Pattern.compile("[a-z0-9][a-z0-9_.-]*");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd't'HHmmss").withZone(ZoneOffset.UTC);
    private static final String SUFFIX = "\\d{8}t\\d{6}-[0-9a-f]{12}";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String prefix;
    private final Pattern ours;
    private final Pattern shared;

    IndexNames(String prefix) {
        Arguments.check(prefix != null && prefix.length() <= MAX_PREFIX_LENGTH && PREFIX.matcher(prefix).matches(),
                "index prefix must be 1..%d characters of a-z, 0-9, '_', '.', '-', starting with a letter or digit, was '%s'",
                MAX_PREFIX_LENGTH, prefix);
        this.prefix = prefix;
        this.ours = Pattern.compile(Pattern.quote(prefix) + SUFFIX);
        this.shared = Pattern.compile(Pattern.quote(prefix) + "shared-[1-9][0-9]*");
    }

    String prefix() {
        return prefix;
    }

    /** A fresh name for an index created at {@code now}. */
    String next(Instant now) {
        byte[] id = new byte[6];
        RANDOM.nextBytes(id);
        return prefix + STAMP.format(now) + "-" + HexFormat.of().formatHex(id);
    }

    /** Whether {@code name} has the shape of a name this class makes with this prefix. */
    boolean isOurs(String name) {
        return ours.matcher(name).matches();
    }

    /** The shared index for vectors of {@code dimension} components. */
    String shared(int dimension) {
        return prefix + "shared-" + dimension;
    }

    /** Whether {@code name} has the shape of a shared index's name with this prefix. */
    boolean isShared(String name) {
        return shared.matcher(name).matches();
    }

    /** The wildcard pattern matching every name with this prefix. */
    String wildcard() {
        return prefix + "*";
    }
}
