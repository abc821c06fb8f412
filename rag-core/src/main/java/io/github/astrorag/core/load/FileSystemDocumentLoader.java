package io.github.astrorag.core.load;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.spi.DocumentLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Loads files and folders by delegating each file to the first loader that supports it.
 *
 * <p>The kinds it reads are those of the loaders it is given ({@link #extensions()}, {@link #mediaTypes()}), and
 * every message that lists them is made from that list: {@link #defaults()} reads text, Markdown and PDF;
 * {@link #installed()} every loader registered by name on the class path ({@code PartRegistry.loaders()}: HTML and
 * office files too with rag-documents), which the pipeline and the presets use when given no loader; a
 * {@link #builder()} takes any loaders.
 *
 * <p>A folder is walked recursively in a stable order (paths sorted by their text); hidden files are skipped; files
 * no loader supports are left out and counted by extension ({@link Loaded#unsupported()}, which the pipeline reports
 * in one warning and in its trace), or fail the call under {@link OnUnsupported#FAIL}; a folder with no supported
 * file fails as {@link DocumentException.Unreadable}. A file given by name that no loader supports (or that has no
 * extension) fails as {@link DocumentException.Unsupported}, listing the supported types.
 *
 * <p>Symbolic links: a link inside a folder that leads to a file inside that folder is read (once, see
 * below); a link that leads outside the folder is not followed and fails the call as
 * {@link DocumentException.Unreadable} naming the link and its target (give the target by name to load
 * it). Links to folders are not walked into.
 *
 * <p>Ids and sources: a document found in a folder gets its path relative to that folder as id and source
 * ({@code sub/notes.md}); a file given by name, its file name. When {@link #loadAll} yields two documents
 * of one id (two folders both holding {@code notes.txt}, or {@code a/notes.txt} and {@code b/notes.txt}
 * given by name), each of those gets the path as given instead ({@code a/notes.txt}), so that citations
 * tell them apart. The same file reached twice in one call (given twice, through two folders, through
 * a symbolic link or as two hard links) is loaded once, under the first name reached: files are compared by their
 * identity, the file system's file key (device and inode on Linux and macOS), or by their real path where the file
 * system has no key. Two files that are copies of each other are two documents.
 *
 * <p>Limits: besides each loader's limits per file, the text of all the documents of one call is
 * limited to {@code maxTotalChars} characters (default 128 Mi); the file that goes over fails the call
 * as {@link DocumentException.TooLarge}. {@link #loadAll(Collection)} loads every path before returning,
 * so that one bad file fails the whole call and nothing is indexed.
 *
 * <p>Files it cannot read: {@link #loadAll(Collection, OnUnreadable)} may skip them instead, and return them
 * with the documents. A file is skipped when its loader fails with a {@link DocumentException} (a PDF without
 * PDFBox on the class path among them) and the policy allows it: {@link OnUnreadable#SKIP_IN_FOLDERS}
 * for a file found in a folder, {@link OnUnreadable#SKIP} for any file. A call that would return no document
 * fails with the first failure. In a folder the policy covers what the walk meets besides files: a sub-folder it
 * cannot list, a file or folder that vanishes while the folder is read, a file whose name the platform's file-name
 * encoding cannot spell (a {@code café.txt} under {@code LANG=C}); each is skipped as a file it cannot read is, or
 * fails the call under {@link OnUnreadable#FAIL}. The rules above that are not about one file's content (the limit per call, a
 * folder without any supported file, a link out of a folder) fail the call whatever the policy. Stateless and
 * thread-safe.
 */
public final class FileSystemDocumentLoader implements DocumentLoader {

    /** Extensions the optional module rag-documents reads, for the hint of a message when no loader here does. */
    private static final Set<String> DOCUMENTS_MODULE = Set.of("html", "htm", "xhtml", "docx", "pptx", "xlsx", "odt",
            "ods", "odp", "rtf", "epub");

    private final List<DocumentLoader> loaders;
    private final long maxTotalChars;
    private final OnUnsupported onUnsupported;

    /**
     * A loader over the given per-type loaders, tried in order, with the default 128 Mi characters per call.
     *
     * @param loaders the per-type loaders; the first whose {@code supports} accepts a file reads it
     */
    public FileSystemDocumentLoader(List<DocumentLoader> loaders) {
        this(loaders, LoaderLimits.DEFAULT_MAX_TOTAL_CHARS);
    }

    /**
     * A loader over the given per-type loaders, refusing calls whose documents hold over {@code maxTotalChars}.
     *
     * @param loaders the per-type loaders; the first whose {@code supports} accepts a file reads it
     * @param maxTotalChars the most characters the documents of one call may hold, positive
     */
    public FileSystemDocumentLoader(List<DocumentLoader> loaders, long maxTotalChars) {
        this(loaders, maxTotalChars, OnUnsupported.SKIP);
    }

    private FileSystemDocumentLoader(List<DocumentLoader> loaders, long maxTotalChars, OnUnsupported onUnsupported) {
        Arguments.check(!loaders.isEmpty(), "at least one loader is needed");
        LoaderLimits.checkPositive("maxTotalChars", maxTotalChars);
        this.loaders = List.copyOf(loaders);
        this.maxTotalChars = maxTotalChars;
        this.onUnsupported = Objects.requireNonNull(onUnsupported, "onUnsupported");
    }

    /**
     * A builder: the loaders, tried in the order added; the limit per call (default 128 Mi characters); what a folder
     * walk does with a file no loader reads (default {@link OnUnsupported#SKIP}).
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link FileSystemDocumentLoader}; each setting may be given once, loaders any number of times. */
    public static final class Builder {
        private final List<DocumentLoader> loaders = new ArrayList<>();
        private final Set<String> set = new HashSet<>();
        private long maxTotalChars = LoaderLimits.DEFAULT_MAX_TOTAL_CHARS;
        private OnUnsupported onUnsupported = OnUnsupported.SKIP;

        private Builder() {
        }

        /**
         * Adds a loader, tried after those added before it.
         *
         * @param loader the loader
         * @return this builder
         */
        public Builder loader(DocumentLoader loader) {
            loaders.add(Objects.requireNonNull(loader, "loader"));
            return this;
        }

        /**
         * Adds loaders, in order, after those added before them.
         *
         * @param more the loaders
         * @return this builder
         */
        public Builder loaders(Collection<? extends DocumentLoader> more) {
            more.forEach(this::loader);
            return this;
        }

        /**
         * The most characters the documents of one call may hold; default 128 Mi.
         *
         * @param value positive
         * @return this builder
         * @throws IllegalStateException if it was already set
         */
        public Builder maxTotalChars(long value) {
            Arguments.checkState(set.add("maxTotalChars"), "maxTotalChars was already set");
            LoaderLimits.checkPositive("maxTotalChars", value);
            maxTotalChars = value;
            return this;
        }

        /**
         * What a folder walk does with a file no loader reads; default {@link OnUnsupported#SKIP}.
         *
         * @param value the policy
         * @return this builder
         * @throws IllegalStateException if it was already set
         */
        public Builder onUnsupported(OnUnsupported value) {
            Arguments.checkState(set.add("onUnsupported"), "onUnsupported was already set");
            onUnsupported = Objects.requireNonNull(value, "onUnsupported");
            return this;
        }

        /**
         * The loader.
         *
         * @return a new loader
         * @throws IllegalArgumentException if no loader was added
         */
        public FileSystemDocumentLoader build() {
            return new FileSystemDocumentLoader(loaders, maxTotalChars, onUnsupported);
        }
    }

    /**
     * The loaders, in the order they are tried.
     *
     * @return the loaders
     */
    public List<DocumentLoader> loaders() {
        return loaders;
    }

    /** The extensions of every loader, in the order of the loaders. */
    @Override
    public Set<String> extensions() {
        Set<String> all = new LinkedHashSet<>();
        loaders.forEach(l -> all.addAll(l.extensions()));
        return Collections.unmodifiableSet(all);
    }

    /** The media types of every loader, in the order of the loaders. */
    @Override
    public Set<String> mediaTypes() {
        Set<String> all = new LinkedHashSet<>();
        loaders.forEach(l -> all.addAll(l.mediaTypes()));
        return Collections.unmodifiableSet(all);
    }

    /**
     * What to add for files of these extensions, for a message: {@code (add rag-documents)} when that module reads
     * them, else {@code ""}.
     *
     * @param extensions extensions no loader here reads, without the dot
     * @return the hint, or {@code ""}
     */
    public static String hint(Collection<String> extensions) {
        List<String> known = extensions.stream().filter(DOCUMENTS_MODULE::contains).toList();
        if (known.isEmpty()) {
            return "";
        }
        return known.size() == extensions.size() ? "(add rag-documents)"
                : "(rag-documents reads " + DocumentLoader.describe(known).replace(" or ", " and ") + ")";
    }

    private String supported() {
        return "use " + DocumentLoader.describe(extensions());
    }

    /**
     * Every loader installed on the class path, as the part registry names them ({@code PartRegistry.installed()
     * .loaders()}: rag-core's text, Markdown and PDF, and rag-documents' HTML and office files when it is there), with
     * the default limits: what {@code RagPipeline} and the presets read when they are given no loader, as the command
     * line and the Spring Boot starter do. Without a discovery installed (rag-core's classes without its
     * {@code META-INF/services}), {@link #defaults()}. Cost: one {@link ServiceLoader} look-up; the registry is read
     * once per class loader.
     *
     * @return a new loader
     * @throws IllegalStateException if the installed part providers clash (two parts of one role named alike)
     */
    public static FileSystemDocumentLoader installed() {
        List<DocumentLoader> loaders;
        try {
            loaders = ServiceLoader.load(LoaderDiscovery.class, FileSystemDocumentLoader.class.getClassLoader()).findFirst()
                    .map(LoaderDiscovery::loaders).orElse(List.of());
        } catch (ServiceConfigurationError e) {
            throw new IllegalStateException("the installed loaders could not be found: " + e.getMessage(), e);
        }
        return loaders.isEmpty() ? defaults() : builder().loaders(loaders).build();
    }

    /**
     * Text, Markdown and PDF with the default limits: 50 MiB and 64 Mi characters per file, 128 Mi per call.
     *
     * @return a new loader
     */
    public static FileSystemDocumentLoader defaults() {
        return new FileSystemDocumentLoader(List.of(new TextDocumentLoader(), new PdfDocumentLoader()));
    }

    /**
     * Text, Markdown and PDF, refusing files over {@code maxBytes}.
     *
     * @param maxBytes the largest file accepted, in bytes, positive
     * @return a new loader
     */
    public static FileSystemDocumentLoader withMaxBytes(long maxBytes) {
        return new FileSystemDocumentLoader(List.of(new TextDocumentLoader(maxBytes), new PdfDocumentLoader(maxBytes)));
    }

    /**
     * Text, Markdown and PDF, refusing files over {@code maxBytes}, files whose text is over
     * {@code maxChars} characters, and calls whose documents hold over {@code maxTotalChars} characters.
     *
     * @param maxBytes the largest file accepted, in bytes, positive
     * @param maxChars the most characters of one file's text, positive
     * @param maxTotalChars the most characters the documents of one call may hold, positive
     * @return a new loader
     */
    public static FileSystemDocumentLoader withLimits(long maxBytes, long maxChars, long maxTotalChars) {
        int perPage = (int) Math.min(maxChars, PdfDocumentLoader.DEFAULT_MAX_PAGE_CHARS);
        return new FileSystemDocumentLoader(List.of(new TextDocumentLoader(maxBytes, maxChars),
                new PdfDocumentLoader(maxBytes, maxChars, perPage)), maxTotalChars);
    }

    @Override
    public boolean supports(Path file) {
        return loaders.stream().anyMatch(l -> l.supports(file));
    }

    /** The message of a file no loader reads, given by name. */
    private String unsupported(Path file) {
        String ext = LoaderLimits.extension(file);
        String hint = ext.isEmpty() ? "" : hint(List.of(ext));
        return (ext.isEmpty() ? file + " has no file extension, so its type is unknown: " + supported()
                : "unsupported file type '." + ext + "' of " + file + ": " + supported()) + (hint.isEmpty() ? "" : " " + hint);
    }

    @Override
    public List<Document> load(Path path) {
        return loadAll(List.of(path));
    }

    /** The documents of every path, in order; fails on the first bad one. */
    @Override
    public List<Document> loadAll(Collection<Path> paths) {
        return loadAll(paths, OnUnreadable.FAIL).documents();
    }

    /** The documents of every path, in order, skipping the files it cannot read as {@code policy} says. */
    @Override
    public Loaded loadAll(Collection<Path> paths, OnUnreadable policy) {
        Call call = new Call(Objects.requireNonNull(policy, "policy"));
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                loadFolder(p, call);
            } else if (!Files.exists(p)) {
                call.unreadable(p, new DocumentException.Unreadable(p, "no such file or folder: " + p, null), null);
            } else {
                String name = p.getFileName() == null ? p.toString() : p.getFileName().toString();
                loadFile(p, name, slashes(p), call, null);
            }
        }
        if (call.documents.isEmpty() && call.first != null) {
            throw call.first;
        }
        return new Loaded(call.distinctIds(), call.skipped, call.unsupported);
    }

    private DocumentLoader loaderFor(Path file) {
        return loaders.stream().filter(l -> l.supports(file)).findFirst()
                .orElseThrow(() -> new DocumentException.Unsupported(file, unsupported(file)));
    }

    private void loadFolder(Path folder, Call call) {
        Path realFolder = realPath(folder);
        List<Path> files = new ArrayList<>();
        try {
            Files.walkFileTree(realFolder, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    return dir.equals(realFolder) || !isHidden(realFolder.relativize(dir))
                            ? FileVisitResult.CONTINUE : FileVisitResult.SKIP_SUBTREE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (Files.isRegularFile(file) && !isHidden(realFolder.relativize(file))
                            && (supports(file) || call.unsupported(folder, file, onUnsupported, FileSystemDocumentLoader.this::unsupported))) {
                        files.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                    if (file.equals(realFolder)) {
                        throw e;
                    }
                    Path inFolder = folder.resolve(realFolder.relativize(file));
                    call.unreadable(inFolder, new DocumentException.Unreadable(inFolder, (e instanceof NoSuchFileException
                            ? inFolder + " vanished while folder " + folder + " was read"
                            : "cannot list folder " + inFolder) + ": " + e, e), inFolder);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException | UncheckedIOException e) {
            throw new DocumentException.Unreadable(folder, "cannot list folder " + folder + ": " + e.getMessage(), e);
        }
        files.sort((a, b) -> a.toString().compareTo(b.toString()));
        if (files.isEmpty() && call.skipped.isEmpty()) {
            throw new DocumentException.Unreadable(folder, "no " + DocumentLoader.describe(extensions())
                    + " file in folder " + folder, null);
        }
        for (Path f : files) {
            Path inFolder = folder.resolve(realFolder.relativize(f));
            Path real;
            try {
                real = f.toRealPath();
                f.getFileSystem().getPath(f.toString()); // a name this locale's file-name encoding cannot spell
            } catch (IOException | InvalidPathException e) {
                call.unreadable(inFolder, new DocumentException.Unreadable(inFolder, e instanceof InvalidPathException
                        ? "the name of " + inFolder + " cannot be represented in the file-name encoding of this locale ("
                                + System.getProperty("sun.jnu.encoding") + "): run with a UTF-8 locale (LANG=C.UTF-8) to"
                                + " load it"
                        : inFolder + " vanished while folder " + folder + " was read: " + e, e), inFolder);
                continue;
            }
            if (!real.startsWith(realFolder)) {
                throw new DocumentException.Unreadable(inFolder, inFolder + " is a symbolic link to " + real
                        + ", outside the folder " + folder + ": links out of a folder are not followed; give that file by"
                        + " name to load it", null);
            }
            loadFile(f, slashes(realFolder.relativize(f)), slashes(inFolder), call, inFolder);
        }
    }

    /**
     * Loads {@code file} as {@code id}, unless this call has read it already; {@code qualified} is the path as given,
     * {@code inFolder} the path of a file found in a folder, under that folder as given ({@code null} for a file given
     * by name).
     */
    private void loadFile(Path file, String id, String qualified, Call call, @Nullable Path inFolder) {
        Object identity;
        try {
            identity = identity(file);
        } catch (DocumentException e) { // gone since it was listed
            call.unreadable(inFolder == null ? file : inFolder, e, inFolder);
            return;
        }
        if (!call.seen.add(identity)) {
            return;
        }
        List<Document> read;
        try {
            read = loaderFor(file).load(file);
        } catch (DocumentException e) {
            call.unreadable(inFolder == null ? file : inFolder, e, inFolder);
            return;
        }
        for (Document d : read) {
            call.chars += d.text().length();
            if (call.chars > maxTotalChars) {
                throw new DocumentException.TooLarge(file, String.format(Locale.ROOT,
                        "%s brings the text of this call to %,d characters, over the limit of %,d characters per"
                                + " call: load fewer files or raise the loader's maxTotalChars",
                        file, call.chars, maxTotalChars));
            }
            call.documents.add(d.named(id));
            call.qualified.add(qualified);
        }
    }

    /** The documents and what else one {@link #loadAll} call has read or skipped. */
    private static final class Call {
        final OnUnreadable policy;
        final List<Document> documents = new ArrayList<>();
        final List<String> qualified = new ArrayList<>();
        /** The identities ({@link #identity}) of the files read. */
        final Set<Object> seen = new HashSet<>();
        final List<Skipped> skipped = new ArrayList<>();
        final Map<String, Integer> unsupported = new HashMap<>();
        @Nullable RuntimeException first;
        long chars;

        Call(OnUnreadable policy) {
            this.policy = policy;
        }

        /**
         * Skips {@code file}, which failed with {@code failure}, if the policy allows it; else rethrows.
         * {@code inFolder} is null for a file given by name.
         */
        void unreadable(Path file, RuntimeException failure, @Nullable Path inFolder) {
            boolean skip = policy == OnUnreadable.SKIP || policy == OnUnreadable.SKIP_IN_FOLDERS && inFolder != null;
            if (!skip) {
                throw failure;
            }
            skipped.add(new Skipped(file, failure.getMessage()));
            first = first == null ? failure : first;
        }

        /**
         * Counts {@code file}, found in {@code folder}, that no loader reads; or fails under {@link OnUnsupported#FAIL}.
         *
         * @return {@code false}: the file is not read
         */
        boolean unsupported(Path folder, Path file, OnUnsupported policy, java.util.function.Function<Path, String> message) {
            if (policy == OnUnsupported.FAIL) {
                throw new DocumentException.Unsupported(file, message.apply(file) + " (found in folder " + folder
                        + "; a folder walk skips such files under OnUnsupported.SKIP)");
            }
            unsupported.merge(LoaderLimits.extension(file), 1, Integer::sum);
            return false;
        }

        /** The documents, those of a shared id renamed by the path as given. */
        List<Document> distinctIds() {
            Map<String, Integer> count = new HashMap<>();
            documents.forEach(d -> count.merge(d.id(), 1, Integer::sum));
            List<Document> out = new ArrayList<>(documents.size());
            for (int i = 0; i < documents.size(); i++) {
                Document d = documents.get(i);
                String id = count.get(d.id()) > 1 ? qualified.get(i) : d.id();
                out.add(id.equals(d.id()) ? d : d.named(id));
            }
            return out;
        }
    }

    /** What makes {@code file} itself: its file key (two hard links share it), else its real path. */
    private static Object identity(Path file) {
        try {
            Object key = Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
            if (key != null) {
                return key;
            }
        } catch (IOException e) {
            // no key to read: the real path says why
        }
        return realPath(file);
    }

    private static Path realPath(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            throw new DocumentException.Unreadable(p, "cannot resolve " + p + ": " + e.getMessage(), e);
        }
    }

    private static String slashes(Path p) {
        return p.normalize().toString().replace('\\', '/');
    }

    private static boolean isHidden(Path relative) {
        for (Path part : relative) {
            if (part.toString().startsWith(".")) {
                return true;
            }
        }
        return false;
    }
}
