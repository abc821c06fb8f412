package io.github.astrorag.documents;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.load.FileMetadata;
import io.github.astrorag.core.load.LoaderLimits;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.spi.DocumentLoader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.tika.exception.EncryptedDocumentException;
import org.apache.tika.io.TikaInputStream;
import org.apache.tika.metadata.TikaCoreProperties;
import org.apache.tika.parser.AutoDetectParser;
import org.apache.tika.parser.ParseContext;
import org.apache.tika.parser.microsoft.OfficeParserConfig;
import org.xml.sax.Attributes;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Reads office documents through Apache Tika's parsers: DOCX, PPTX, XLSX (and the older DOC, PPT, XLS), ODT, ODS,
 * ODP, RTF and EPUB.
 *
 * <p>Provenance: headings become Markdown headings in the text ({@code ## Results}), as in a Markdown file of the
 * same text; the slides of a presentation and the sheets of a workbook are its pages, so that a chunk's
 * {@code page} metadata and a citation's {@code p. N} say which slide or sheet (the metadata key {@value #PAGES}
 * says which: {@code slide} or {@code sheet}), and a sheet's name opens its page as a heading. Title: the document's
 * own, else its first heading, else the file name without extension. Embedded documents (an image, a workbook in a
 * slide) are not read.
 *
 * <p>Hostile input: files over {@code maxBytes} (default 50 MiB) are refused before they are read; a ZIP container
 * (DOCX, PPTX, XLSX, the OpenDocument formats, EPUB) is inflated once before Tika reads it ({@code ZipCheck}): an entry
 * that inflates over 100 times its compressed size past its first MiB, or entries that inflate over 20 times
 * {@code maxBytes} in all, fail as {@link DocumentException.TooLarge} (a zip bomb), and an XML part that declares
 * entities ({@code <!ENTITY}: entity expansion, external entities) fails as {@link DocumentException.Malformed}; the
 * text is
 * limited to {@code maxChars} characters (default 64 Mi) and the XHTML elements Tika reports to {@code maxElements}
 * (default 16 Mi: a sheet of millions of empty cells stops there) while parsing, failing as
 * {@link DocumentException.TooLarge}; a ZIP entry that inflates over 100 times its size (a zip bomb; POI's
 * {@code ZipSecureFile}) fails as {@link DocumentException.TooLarge}; XML entities are not expanded nor external
 * entities read, so no file outside the document is read; a document of headings alone (a sheet's name over empty
 * cells) is {@link DocumentException.Empty};
 * an encrypted document, or one no parser reads, fails as {@link DocumentException.Malformed}. DOCX and PPTX are
 * read with Tika's streaming (SAX) extractors, XLSX with POI's event reader: memory about the text's size. Stateless
 * and thread-safe.
 */
public final class TikaDocumentLoader implements DocumentLoader {

    /** The metadata key saying what a page of the document is: {@code slide} or {@code sheet}. */
    public static final String PAGES = "pages";
    /** 16 Mi: the default most XHTML elements of one file. */
    public static final long DEFAULT_MAX_ELEMENTS = 16L * 1024 * 1024;

    /** The most a ZIP entry may inflate, times its compressed size (POI's own limit). */
    static final long ZIP_RATIO = 100;
    /** The most all the ZIP entries may inflate, times {@code maxBytes}. */
    static final long ZIP_BYTES_PER_BYTE = 20;

    private static final Map<String, String> TYPES = types();
    /** Tika's parsers, made on the first load (not when a loader is made, so that listing the kinds stays cheap). */
    private static final class Tika {
        static final AutoDetectParser PARSER = new AutoDetectParser();
    }

    private final long maxBytes;
    private final long maxChars;
    private final long maxElements;

    /** A loader with the default limits: 50 MiB per file, 64 Mi characters of text, 16 Mi elements. */
    public TikaDocumentLoader() {
        this(LoaderLimits.DEFAULT_MAX_BYTES, LoaderLimits.DEFAULT_MAX_CHARS, DEFAULT_MAX_ELEMENTS);
    }

    /**
     * A loader with the given limits.
     *
     * @param maxBytes the largest file accepted, in bytes, positive
     * @param maxChars the most characters of one file's text, positive
     * @param maxElements the most XHTML elements Tika may report for one file, positive
     * @throws IllegalArgumentException if a limit is not positive, naming it
     */
    public TikaDocumentLoader(long maxBytes, long maxChars, long maxElements) {
        LoaderLimits.checkPositive("maxBytes", maxBytes);
        LoaderLimits.checkPositive("maxChars", maxChars);
        LoaderLimits.checkPositive("maxElements", maxElements);
        this.maxBytes = maxBytes;
        this.maxChars = maxChars;
        this.maxElements = maxElements;
    }

    private static Map<String, String> types() {
        Map<String, String> t = new LinkedHashMap<>();
        t.put("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document");
        t.put("pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation");
        t.put("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
        t.put("odt", "application/vnd.oasis.opendocument.text");
        t.put("ods", "application/vnd.oasis.opendocument.spreadsheet");
        t.put("odp", "application/vnd.oasis.opendocument.presentation");
        t.put("rtf", "application/rtf");
        t.put("epub", "application/epub+zip");
        t.put("doc", "application/msword");
        t.put("ppt", "application/vnd.ms-powerpoint");
        t.put("xls", "application/vnd.ms-excel");
        return Collections.unmodifiableMap(t);
    }

    /** {@code docx}, {@code pptx}, {@code xlsx}, {@code odt}, {@code ods}, {@code odp}, {@code rtf}, {@code epub}, {@code doc}, {@code ppt}, {@code xls}. */
    @Override
    public Set<String> extensions() {
        return TYPES.keySet();
    }

    /** The media types of {@link #extensions()}. */
    @Override
    public Set<String> mediaTypes() {
        return Set.copyOf(TYPES.values());
    }

    @Override
    public boolean supports(Path file) {
        return TYPES.containsKey(LoaderLimits.extension(file));
    }

    @Override
    public List<Document> load(Path file) {
        if (!supports(file)) {
            throw new DocumentException.Unsupported(file, "not an office document: " + file);
        }
        LoaderLimits.checkReadable(file, maxBytes);
        ZipCheck.check(file, ZIP_RATIO, ZIP_BYTES_PER_BYTE * maxBytes);
        String ext = LoaderLimits.extension(file);
        SectionText text = new SectionText(file, maxChars);
        Xhtml handler = new Xhtml(text, file, maxElements);
        org.apache.tika.metadata.Metadata md = new org.apache.tika.metadata.Metadata();
        md.set(TikaCoreProperties.RESOURCE_NAME_KEY, file.getFileName().toString());
        md.set(org.apache.tika.metadata.Metadata.CONTENT_TYPE, TYPES.get(ext));
        ParseContext context = new ParseContext();
        OfficeParserConfig office = new OfficeParserConfig();
        office.setUseSAXDocxExtractor(true);
        office.setUseSAXPptxExtractor(true);
        office.setIncludeHeadersAndFooters(false);
        office.setIncludeSlideNotes(false);
        office.setIncludeSlideMasterContent(false);
        context.set(OfficeParserConfig.class, office);
        try (TikaInputStream in = TikaInputStream.get(file)) {
            Tika.PARSER.parse(in, handler, md, context);
        } catch (Exception | StackOverflowError e) {
            throw failure(file, e);
        }
        String detected = String.valueOf(md.get(org.apache.tika.metadata.Metadata.CONTENT_TYPE));
        if (detected.startsWith("text/plain") || detected.startsWith("application/octet-stream")) {
            throw new DocumentException.Malformed(file, file + " is not a ." + ext + " document (its content reads as "
                    + detected.split(";")[0] + ")", null);
        }
        String body = text.text();
        if (body.isBlank() || !text.hasBody()) {
            throw new DocumentException.Empty(file, file + " holds no text" + (body.isBlank() ? "" : " but headings"));
        }
        String own = md.get(TikaCoreProperties.TITLE);
        String title = own != null && !own.isBlank() ? own.strip()
                : text.firstHeading() != null ? text.firstHeading() : LoaderLimits.baseName(file);
        Map<String, String> metadata = new HashMap<>(FileMetadata.of(file));
        List<Integer> pages = text.pageStarts();
        if (!pages.isEmpty()) {
            metadata.put(PAGES, ext.startsWith("ppt") || ext.equals("odp") ? "slide" : "sheet");
        }
        String name = file.getFileName().toString();
        return List.of(new Document(name, title, name, body, pages, metadata));
    }

    /** The failure of a parse as the {@link DocumentException} that names the file. */
    private static DocumentException failure(Path file, Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof DocumentException d) {
                return d;
            }
            if (t instanceof EncryptedDocumentException) {
                return new DocumentException.Malformed(file, file + " is encrypted: save it without a password first", e);
            }
            String m = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
            if (m.contains("zip bomb") || m.contains("zipbomb")) {
                return new DocumentException.TooLarge(file, file + " looks like a zip bomb (an entry inflates far beyond"
                        + " its compressed size): not read");
            }
            if (t instanceof StackOverflowError) {
                return new DocumentException.Malformed(file, file + " is nested too deep to read", null);
            }
        }
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (why.length() > 200) {
            why = why.substring(0, 200) + "...";
        }
        return new DocumentException.Malformed(file, file + " is not a readable ." + LoaderLimits.extension(file)
                + " document: " + why.replace('\n', ' '), e);
    }

    /** Tika's XHTML events as sections, paragraphs and pages. */
    private static final class Xhtml extends DefaultHandler {
        private final SectionText text;
        private final Path file;
        private final long maxElements;
        private long elements;
        private int skip;

        Xhtml(SectionText text, Path file, long maxElements) {
            this.text = text;
            this.file = file;
            this.maxElements = maxElements;
        }

        @Override
        public void startElement(String uri, String localName, String qName, Attributes atts) {
            if (++elements > maxElements) {
                throw new DocumentException.TooLarge(file, String.format(Locale.ROOT, "%s holds over %,d elements, over"
                        + " the limit of %,d per file: split it or raise the loader's maxElements", file, maxElements,
                        maxElements));
            }
            String tag = localName.isEmpty() ? qName : localName;
            if (skip > 0 || tag.equals("head") || tag.equals("script") || tag.equals("style")) {
                skip++;
                return;
            }
            String cls = String.valueOf(atts.getValue("class"));
            if (tag.equals("div") && (cls.equals("slide-content") || cls.equals("sheet") || cls.equals("page"))) {
                text.page();
            } else if (level(tag) > 0) {
                text.heading(level(tag));
            } else if (tag.equals("td") || tag.equals("th")) {
                text.gap();
            } else if (!tag.equals("a") && !tag.equals("b") && !tag.equals("i") && !tag.equals("span")
                    && !tag.equals("html") && !tag.equals("body")) {
                text.paragraph();
            }
        }

        @Override
        public void endElement(String uri, String localName, String qName) {
            String tag = localName.isEmpty() ? qName : localName;
            if (skip > 0) {
                skip--;
                return;
            }
            if (level(tag) > 0) {
                text.endHeading();
            } else if (tag.equals("td") || tag.equals("th")) {
                text.gap();
            } else if (tag.equals("p") || tag.equals("div") || tag.equals("tr") || tag.equals("li") || tag.equals("table")) {
                text.paragraph();
            }
        }

        @Override
        public void characters(char[] ch, int start, int length) {
            if (skip == 0) {
                text.words(java.nio.CharBuffer.wrap(ch, start, length));
            }
        }

        @Override
        public void ignorableWhitespace(char[] ch, int start, int length) {
            if (skip == 0) {
                text.gap();
            }
        }

        private static int level(String tag) {
            return tag.length() == 2 && tag.charAt(0) == 'h' && tag.charAt(1) >= '1' && tag.charAt(1) <= '6'
                    ? tag.charAt(1) - '0' : 0;
        }
    }
}
