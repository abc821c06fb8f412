package io.github.astrorag.spring.boot;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * The files behind {@code astrorag.docs}: each entry a Spring resource location or pattern ({@code classpath:},
 * {@code classpath*:}, {@code file:}, Ant-style {@code *}, {@code **}, {@code ?}), or a plain file or folder path
 * (no scheme), read relative to the working directory as the command line reads it. A resource of any other
 * location that is a file of the file system (or a folder of one) is used where it lies, its documents' source being
 * its file name (a folder's: the path below it). A classpath resource, inside a jar or not, is copied into a
 * temporary folder under its path below the pattern's fixed part, so that its documents' sources (citations) are that
 * path ({@code guide/setup.md} for {@code classpath:docs/**}{@code /*.md}), the same from an IDE and from a packaged
 * application. Cost: one resolution per entry, plus a copy of every classpath resource.
 *
 * <p>Contract: an entry that names nothing (a path that does not exist, a pattern that matches no file) fails with an
 * {@link AstroRagPropertyException} on {@code astrorag.docs} naming the entry. The caller deletes the temporary
 * folder ({@link Resolved#close()}) once the documents are loaded. Not thread-safe; one per start-up.
 */
final class DocumentResources {

    /** A URL scheme of two letters or more (one letter is a Windows drive). */
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]+:.*");

    private final ResourcePatternResolver resolver;

    DocumentResources(ResourcePatternResolver resolver) {
        this.resolver = Objects.requireNonNull(resolver, "resolver");
    }

    /** The files and folders to load, and the temporary folder of the copies, if any. */
    record Resolved(List<Path> paths, @Nullable Path copies) implements AutoCloseable {
        /** Deletes the copies, if there are any. */
        @Override
        public void close() {
            if (copies == null) {
                return;
            }
            try (Stream<Path> walk = Files.walk(copies)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("deleting the copies of the documents in " + copies + " failed", e);
            }
        }
    }

    /**
     * The files and folders of the locations.
     *
     * @param locations the entries of {@code astrorag.docs}
     * @return the paths to open (given folders as folders, so that their files' sources are relative to them)
     * @throws AstroRagPropertyException for an entry that names nothing
     * @throws UncheckedIOException when a resource cannot be read or copied
     */
    Resolved resolve(List<String> locations) {
        Set<Path> paths = new LinkedHashSet<>();
        Path copies = null;
        try {
            for (String raw : locations) {
                String location = raw.strip();
                if (location.isEmpty()) {
                    continue;
                }
                if (!SCHEME.matcher(location).matches()) {
                    if (!isPattern(location)) {
                        Path path = Path.of(location);
                        if (!Files.exists(path)) {
                            throw missing(raw, "no such file or folder: " + path.toAbsolutePath().normalize());
                        }
                        paths.add(path);
                        continue;
                    }
                    location = "file:" + Path.of("").toAbsolutePath().resolve(location).normalize().toString()
                            .replace('\\', '/');
                }
                if (location.startsWith("classpath") && !isPattern(location)) {
                    String folder = location.replaceAll("/+$", "");
                    // a classpath folder: every file below it; inside a jar the folder named without its slash is
                    // found as an empty entry, so it is also looked up with the slash
                    if (isFolder(resolver.getResource(location)) || isFolder(resolver.getResource(folder + "/"))) {
                        location = folder + "/**/*";
                    }
                }
                Resource[] found = resolver.getResources(location);
                int before = paths.size();
                for (Resource r : found) {
                    if (!r.exists()) {
                        continue;
                    }
                    if (!location.startsWith("classpath") && r.isFile()) {
                        paths.add(r.getFile().toPath());   // a file or folder of the file system, where it lies
                        continue;
                    }
                    if (isFolder(r) || !r.isReadable()) {
                        continue;
                    }
                    if (copies == null) {
                        copies = Files.createTempDirectory("astrorag-docs-");
                    }
                    Path target = copies.resolve(relative(location, r)).normalize();
                    if (!target.startsWith(copies)) {
                        target = copies.resolve(Objects.requireNonNullElse(r.getFilename(), "document"));
                    }
                    Files.createDirectories(target.getParent());
                    try (InputStream in = r.getInputStream()) {
                        Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
                if (paths.size() == before && (copies == null || isEmpty(copies))) {
                    throw missing(raw, isPattern(location) ? "the pattern matches no file" : "no such resource");
                }
            }
            if (copies != null) {
                paths.add(copies);
            }
            return new Resolved(List.copyOf(paths), copies);
        } catch (IOException e) {
            new Resolved(List.of(), copies).close();
            throw new UncheckedIOException("reading astrorag.docs failed: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            new Resolved(List.of(), copies).close();
            throw e;
        }
    }

    /** Whether a resource is a folder: of the file system, or a directory entry of a jar. */
    private static boolean isFolder(Resource r) {
        try {
            return r.exists() && (r.isFile() ? Files.isDirectory(r.getFile().toPath()) : r.getURL().toString().endsWith("/"));
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean isEmpty(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.findAny().isEmpty();
        }
    }

    /** Whether a location has a wildcard. */
    static boolean isPattern(String location) {
        return location.indexOf('*') >= 0 || location.indexOf('?') >= 0 || location.indexOf('{') >= 0;
    }

    /**
     * A resource's path below the fixed part of the pattern that found it (the folder before the first wildcard): the
     * part of its URL after the URL of that folder's resource it lies in; its file name when there is none.
     */
    private String relative(String location, Resource r) throws IOException {
        String name = Objects.requireNonNullElse(r.getFilename(), "document");
        if (!isPattern(location)) {
            return name;
        }
        int colon = location.indexOf(':');
        String path = location.substring(colon + 1);
        String fixed = location.substring(0, colon + 1) + path.substring(0, path.lastIndexOf('/', firstWildcard(path)) + 1);
        String url = r.getURL().toString();
        for (Resource root : resolver.getResources(fixed)) {
            String prefix = root.getURL().toString();
            if (!prefix.endsWith("/")) {
                prefix += "/";
            }
            if (url.startsWith(prefix) && url.length() > prefix.length()) {
                return java.net.URLDecoder.decode(url.substring(prefix.length()), java.nio.charset.StandardCharsets.UTF_8);
            }
        }
        return name;
    }

    private static int firstWildcard(String path) {
        int i = path.length();
        for (char c : new char[] {'*', '?', '{'}) {
            int at = path.indexOf(c);
            if (at >= 0) {
                i = Math.min(i, at);
            }
        }
        return i;
    }

    private static AstroRagPropertyException missing(String location, String reason) {
        return new AstroRagPropertyException("astrorag.docs", location, reason,
                "Correct the entry of astrorag.docs, or create what it names: a plain path is read relative to the "
                        + "working directory (" + Path.of("").toAbsolutePath() + "); Spring resource locations and "
                        + "patterns such as classpath:docs/**/*.md or file:/data/*.pdf are read too.");
    }
}
