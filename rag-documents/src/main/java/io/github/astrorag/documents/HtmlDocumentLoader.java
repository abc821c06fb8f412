package io.github.astrorag.documents;

import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.load.FileMetadata;
import io.github.astrorag.core.load.LoaderLimits;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.spi.DocumentLoader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.file.Files;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;

/**
 * Reads HTML files ({@code .html}, {@code .htm}, {@code .xhtml}) with jsoup: the text a reader sees.
 *
 * <p>Left out: scripts, styles, templates, {@code <noscript>}, navigation ({@code <nav>}, {@code role="navigation"}),
 * embedded objects, forms' controls, and hidden elements ({@code hidden}, {@code aria-hidden="true"},
 * {@code display:none} or {@code visibility:hidden} in a {@code style} attribute). Link targets are not text; a link's
 * words are. Headings {@code <h1>}..{@code <h6>} become Markdown headings ({@code ## Title}) in the text, so that
 * the sections, the chunks cut at them and the title are those of the same text as Markdown; block elements end
 * paragraphs. The character set is the document's (a byte-order mark, else {@code <meta charset>}, else UTF-8).
 *
 * <p>One document per file: title the {@code <title>}, else the first heading, else the file name without
 * extension; metadata {@link FileMetadata} plus {@value #TITLE} (the {@code <title>}, when there is one). Each
 * {@code <figcaption>} is a document of its own (same id and source, so that it cites the file) with
 * {@value #PART}={@value #CAPTION}, left out of the body's text.
 *
 * <p>Limits: files over {@code maxBytes} (default 50 MiB) are refused before they are read; text over
 * {@code maxChars} characters (default 64 Mi) fails as {@link DocumentException.TooLarge} while it is extracted.
 * A file of over {@value #DEFAULT_MAX_TAGS} tags fails as {@link DocumentException.TooLarge} before jsoup builds
 * its tree (about a hundred bytes an element). jsoup's tree builder nests at most 512 elements deep (deeper ones
 * become siblings), and the text is extracted by an iterative walk: time and memory linear in the file. Stateless and thread-safe.
 */
public final class HtmlDocumentLoader implements DocumentLoader {

    /** The metadata key of the {@code <title>}. */
    public static final String TITLE = "title";
    /** The metadata key of the kind of text a document holds (vocabulary: {@code body}, {@code caption}, ...). */
    public static final String PART = "part";
    /** The value of {@value #PART} for a figure's caption. */
    public static final String CAPTION = "caption";

    private static final Set<String> EXTENSIONS = Collections.unmodifiableSet(
            new LinkedHashSet<>(List.of("html", "htm", "xhtml")));
    private static final Set<String> MEDIA_TYPES = Collections.unmodifiableSet(
            new LinkedHashSet<>(List.of("text/html", "application/xhtml+xml")));
    private static final Set<String> SKIPPED = Set.of("script", "style", "template", "noscript", "nav", "head", "iframe",
            "object", "embed", "svg", "math", "canvas", "select", "button", "input", "textarea", "audio", "video", "map");
    private static final Set<String> BLOCKS = Set.of("p", "div", "section", "article", "main", "aside", "header",
            "footer", "li", "ul", "ol", "dl", "dt", "dd", "tr", "table", "thead", "tbody", "tfoot", "caption",
            "blockquote", "pre", "br", "hr", "figure", "address", "body", "form", "fieldset", "details", "summary");
    private static final Pattern HIDING_STYLE = Pattern.compile("(display\\s*:\\s*none|visibility\\s*:\\s*hidden)");

    /** 1 Mi: the default most tags of one file (jsoup keeps each element, some hundred bytes, in memory). */
    public static final long DEFAULT_MAX_TAGS = 1024L * 1024;

    private final long maxBytes;
    private final long maxChars;
    private final long maxTags = DEFAULT_MAX_TAGS;

    /** A loader with the default limits: 50 MiB per file, 64 Mi characters of text. */
    public HtmlDocumentLoader() {
        this(LoaderLimits.DEFAULT_MAX_BYTES, LoaderLimits.DEFAULT_MAX_CHARS);
    }

    /**
     * A loader that refuses files over {@code maxBytes} and text over {@code maxChars} characters.
     *
     * @param maxBytes the largest file accepted, in bytes, positive
     * @param maxChars the most characters of one file's text, positive
     * @throws IllegalArgumentException if a limit is not positive, naming it
     */
    public HtmlDocumentLoader(long maxBytes, long maxChars) {
        LoaderLimits.checkPositive("maxBytes", maxBytes);
        LoaderLimits.checkPositive("maxChars", maxChars);
        this.maxBytes = maxBytes;
        this.maxChars = maxChars;
    }

    /** {@code html}, {@code htm}, {@code xhtml}. */
    @Override
    public Set<String> extensions() {
        return EXTENSIONS;
    }

    /** {@code text/html}, {@code application/xhtml+xml}. */
    @Override
    public Set<String> mediaTypes() {
        return MEDIA_TYPES;
    }

    @Override
    public boolean supports(Path file) {
        return EXTENSIONS.contains(LoaderLimits.extension(file));
    }

    @Override
    public List<Document> load(Path file) {
        if (!supports(file)) {
            throw new DocumentException.Unsupported(file, "not an HTML file: " + file);
        }
        LoaderLimits.checkReadable(file, maxBytes);
        byte[] bytes;
        org.jsoup.nodes.Document html;
        try {
            bytes = Files.readAllBytes(file);
            checkTags(file, bytes, maxTags);
            html = Jsoup.parse(new ByteArrayInputStream(bytes), null, "");
        } catch (IOException | UncheckedIOException e) {
            throw new DocumentException.Unreadable(file, "cannot read " + file + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new DocumentException.Malformed(file, file + " is not readable HTML: " + e.getMessage(), e);
        }
        checkDecodes(file, bytes, html.charset());
        SectionText body = new SectionText(file, maxChars);
        List<String> captions = new ArrayList<>();
        Element root = html.body() == null ? html : html.body();
        root.filter(new Visible(body, captions, file, maxChars));
        String text = body.text();
        if (text.isBlank() && captions.isEmpty()) {
            throw new DocumentException.Empty(file, file + " holds no visible text");
        }
        String pageTitle = html.title().strip();
        String title = !pageTitle.isEmpty() ? pageTitle
                : body.firstHeading() != null ? body.firstHeading() : LoaderLimits.baseName(file);
        Map<String, String> metadata = new HashMap<>(FileMetadata.of(file));
        if (!pageTitle.isEmpty()) {
            metadata.put(TITLE, pageTitle);
        }
        String name = file.getFileName().toString();
        List<Document> out = new ArrayList<>();
        if (!text.isBlank()) {
            out.add(new Document(name, title, name, text, List.of(), metadata));
        }
        metadata.put(PART, CAPTION);
        for (String caption : captions) {
            out.add(new Document(name, title, name, caption, List.of(), metadata));
        }
        return out;
    }

    /**
     * Fails as {@link DocumentException.TooLarge} when {@code bytes} hold over {@code maxTags} tags ({@code <} then a
     * letter), before jsoup builds its tree of them. Linear.
     */
    static void checkTags(Path file, byte[] bytes, long maxTags) {
        long tags = 0;
        for (int i = 0; i + 1 < bytes.length; i++) {
            if (bytes[i] == '<' && ((bytes[i + 1] | 0x20) >= 'a' && (bytes[i + 1] | 0x20) <= 'z') && ++tags > maxTags) {
                throw new DocumentException.TooLarge(file, String.format(Locale.ROOT, "%s holds over %,d tags, over the"
                        + " limit of %,d per file: split it", file, maxTags, maxTags));
            }
        }
    }

    /**
     * Fails as {@link DocumentException.Malformed} when {@code bytes} do not decode strictly in {@code charset} (jsoup
     * would read such bytes as replacement characters). Linear, in blocks of 64 Ki characters.
     */
    static void checkDecodes(Path file, byte[] bytes, Charset charset) {
        CharsetDecoder decoder = charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(64 * 1024);
        while (true) {
            CoderResult r = decoder.decode(in, out, true);
            if (r.isError()) {
                throw new DocumentException.Malformed(file, file + " is not valid " + charset.name() + " (near byte "
                        + in.position() + "), the character set it declares or UTF-8: convert it first", null);
            }
            out.clear();
            if (r.isUnderflow()) {
                return;
            }
        }
    }

    /** Whether a reader sees {@code e}: not hidden by an attribute or an inline style. */
    static boolean hidden(Element e) {
        if (e.hasAttr("hidden") || "true".equalsIgnoreCase(e.attr("aria-hidden"))
                || "navigation".equalsIgnoreCase(e.attr("role"))) {
            return true;
        }
        String style = e.attr("style");
        return !style.isEmpty() && HIDING_STYLE.matcher(style.toLowerCase(Locale.ROOT)).find();
    }

    /** The walk: visible text into the body, captions apart, what a reader does not see skipped entirely. */
    private static final class Visible implements NodeFilter {
        private final SectionText body;
        private final List<String> captions;
        private final Path file;
        private final long maxChars;
        private long captionChars;

        Visible(SectionText body, List<String> captions, Path file, long maxChars) {
            this.body = body;
            this.captions = captions;
            this.file = file;
            this.maxChars = maxChars;
        }

        @Override
        public FilterResult head(Node node, int depth) {
            if (node instanceof TextNode t) {
                body.words(t.getWholeText());
                return FilterResult.CONTINUE;
            }
            if (!(node instanceof Element e)) {
                return FilterResult.CONTINUE;
            }
            String tag = e.normalName();
            if (SKIPPED.contains(tag) || hidden(e)) {
                return FilterResult.SKIP_ENTIRELY;
            }
            if (tag.equals("figcaption")) {
                SectionText caption = new SectionText(file, maxChars);
                caption.words(e.text());
                String c = caption.text();
                captionChars += c.length();
                LoaderLimits.checkChars(file, captionChars, maxChars);
                if (!c.isEmpty()) {
                    captions.add(c);
                }
                return FilterResult.SKIP_ENTIRELY;
            }
            int level = headingLevel(tag);
            if (level > 0) {
                body.heading(level);
            } else if (BLOCKS.contains(tag)) {
                body.paragraph();
            } else if (tag.equals("td") || tag.equals("th") || tag.equals("img")) {
                body.gap();
            }
            return FilterResult.CONTINUE;
        }

        @Override
        public FilterResult tail(Node node, int depth) {
            if (node instanceof Element e) {
                String tag = e.normalName();
                if (headingLevel(tag) > 0) {
                    body.endHeading();
                } else if (BLOCKS.contains(tag)) {
                    body.paragraph();
                } else if (tag.equals("td") || tag.equals("th")) {
                    body.gap();
                }
            }
            return FilterResult.CONTINUE;
        }

        private static int headingLevel(String tag) {
            return tag.length() == 2 && tag.charAt(0) == 'h' && tag.charAt(1) >= '1' && tag.charAt(1) <= '6'
                    ? tag.charAt(1) - '0' : 0;
        }
    }
}
