package io.github.astrorag.core.internal;

/**
 * The optional Maven dependencies of rag-core, and the one check every part that needs one makes before it
 * touches it. rag-core itself needs only JTokkit and SLF4J; a part that needs more says so in one line
 * naming the coordinates to add, the first time it is used, instead of failing with a
 * {@link NoClassDefFoundError} somewhere inside:
 * <ul>
 *   <li>{@link #PDFBOX}: reading PDF files ({@code load.PdfDocumentLoader});</li>
 *   <li>{@link #SQLITE}: the persistent embedding cache ({@code cache.SqliteEmbeddingCache}).</li>
 * </ul>
 * The in-memory pipeline, the HTTP generators and embedders (on the JDK's own HTTP client, with this
 * module's own JSON reader) and the text, Markdown and PDF-less loaders need none of them.
 *
 * <p>Each value holds the coordinates this version of the library was built and tested with.
 */
public enum OptionalDependency {

    /** Apache PDFBox, for PDF files. */
    PDFBOX("org.apache.pdfbox:pdfbox:3.0.8", "org.apache.pdfbox.Loader"),
    /** The SQLite JDBC driver, for the persistent embedding cache. */
    SQLITE("org.xerial:sqlite-jdbc:3.51.1.0", "org.sqlite.JDBC");

    private final String coordinates;
    private final String probe;

    OptionalDependency(String coordinates, String probe) {
        this.coordinates = coordinates;
        this.probe = probe;
    }

    /**
     * The Maven coordinates to add.
     *
     * @return {@code groupId:artifactId:version}
     */
    public String coordinates() {
        return coordinates;
    }

    /**
     * Whether the dependency is on the class path.
     *
     * @return true if its classes can be loaded
     */
    public boolean isPresent() {
        try {
            Class.forName(probe, false, OptionalDependency.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /**
     * Fails unless the dependency is on the class path.
     *
     * @param user what needs it, for the message ("reading x.pdf")
     * @throws Missing naming the coordinates to add, if it is missing
     */
    public void require(String user) {
        if (!isPresent()) {
            throw new Missing(missing(user));
        }
    }

    /**
     * The one line that says the dependency is missing, for a part that throws its own exception type.
     *
     * @param user what needs it ("reading x.pdf")
     * @return "{@code user} needs the optional dependency ..., which is not on the class path: add it ...", with
     *         the coordinates as a Maven dependency
     */
    public String missing(String user) {
        return user + " needs the optional dependency " + coordinates
                + ", which is not on the class path: add it to your build (Maven: <groupId>"
                + coordinates.substring(0, coordinates.indexOf(':')) + "</groupId><artifactId>"
                + coordinates.substring(coordinates.indexOf(':') + 1, coordinates.lastIndexOf(':'))
                + "</artifactId><version>" + coordinates.substring(coordinates.lastIndexOf(':') + 1)
                + "</version>)";
    }

    /** An optional dependency is not on the class path: the message names the coordinates to add. */
    public static final class Missing extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        Missing(String message) {
            super(message);
        }
    }
}
