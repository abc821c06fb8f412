package io.github.astrorag.core.generate;

import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Citation;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.TraceSink;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Selected chunks handed to another framework's retrieval-augmentation chain (LangChain4j, Spring AI) and
 * back: a chunk becomes that framework's text with flat metadata, and the passages it hands to the model
 * are fenced and numbered as {@link PromptTemplate} does, so that the reply's {@code [n]} are read back
 * into {@link Citation}s by {@link CitationParser}.
 *
 * <p>The metadata of a passage ({@link #fields}) is the chunk's own metadata (its document's, with
 * {@code source}, {@code type}, {@code page} from the loaders) plus the chunk's provenance under keys that
 * start with {@value #PREFIX}: {@link #CHUNK_ID}, {@link #DOCUMENT_ID}, {@link #TITLE}, {@link #SOURCE},
 * {@link #PAGE} (only for paged documents), {@link #ORDINAL}, {@link #TOKENS}, {@link #START} and
 * {@link #END}. Values are {@link String}s and {@link Integer}s only, which every framework's metadata
 * accepts. {@link #chunk} reads such a map back into the same chunk. Stateless; thread-safe.
 */
public final class Passages {

    /** What the provenance keys start with; the chunk's own metadata keys never do (they are not re-read). */
    public static final String PREFIX = "astrorag.";
    /** Provenance key: the chunk's id ({@link Chunk#id()}). */
    public static final String CHUNK_ID = PREFIX + "chunkId";
    /** Provenance key: its document's id. */
    public static final String DOCUMENT_ID = PREFIX + "documentId";
    /** Provenance key: its document's title. */
    public static final String TITLE = PREFIX + "title";
    /** Provenance key: its document's file name, as cited. */
    public static final String SOURCE = PREFIX + "source";
    /** Provenance key: the 1-based page it starts on, an {@link Integer}; absent for unpaged documents. */
    public static final String PAGE = PREFIX + "page";
    /** Provenance key: its 0-based position among its document's chunks, an {@link Integer}. */
    public static final String ORDINAL = PREFIX + "ordinal";
    /** Provenance key: its length in tokens, an {@link Integer}. */
    public static final String TOKENS = PREFIX + "tokens";
    /** Provenance key: the offset of its first character in its document, an {@link Integer}. */
    public static final String START = PREFIX + "start";
    /** Provenance key: the offset after its last character, an {@link Integer}. */
    public static final String END = PREFIX + "end";

    private static final CitationParser CITATIONS = new CitationParser();

    private Passages() {
    }

    /**
     * The metadata of {@code chunk} as another framework carries it: its own metadata plus its provenance
     * (see the class comment). O(size of its metadata).
     *
     * @param chunk the chunk
     * @return a new mutable map, keys sorted
     */
    public static Map<String, Object> fields(Chunk chunk) {
        Map<String, Object> out = new TreeMap<>();
        chunk.metadata().forEach((key, value) -> {
            if (!key.startsWith(PREFIX)) {
                out.put(key, value);
            }
        });
        out.put(CHUNK_ID, chunk.id());
        out.put(DOCUMENT_ID, chunk.documentId());
        out.put(TITLE, chunk.title());
        out.put(SOURCE, chunk.source());
        if (chunk.page() != null) {
            out.put(PAGE, chunk.page());
        }
        out.put(ORDINAL, chunk.ordinal());
        out.put(TOKENS, chunk.tokens());
        out.put(START, chunk.start());
        out.put(END, chunk.end());
        return out;
    }

    /**
     * The chunk that {@link #fields} made {@code fields} of, with {@code text}, scored {@code score}: the
     * inverse of {@link #fields} (other frameworks may hand numbers back as another {@link Number} type or
     * as text; both are read). Keys not starting with {@value #PREFIX} become the chunk's metadata, as text.
     *
     * @param text   the chunk's text
     * @param fields the metadata map
     * @param score  the score to carry
     * @return the chunk, without an embedding
     * @throws IllegalArgumentException when a provenance key is missing or not a number where one is needed
     *                                  (the map did not come from {@link #fields})
     */
    public static ScoredChunk chunk(String text, Map<String, ?> fields, double score) {
        Objects.requireNonNull(text, "text");
        Map<String, String> metadata = new LinkedHashMap<>();
        fields.forEach((key, value) -> {
            if (!key.startsWith(PREFIX) && value != null) {
                metadata.put(key, value.toString());
            }
        });
        Object page = fields.get(PAGE);
        Chunk chunk = new Chunk(string(fields, CHUNK_ID), string(fields, DOCUMENT_ID), string(fields, TITLE),
                string(fields, SOURCE), page == null ? null : integer(fields, PAGE), integer(fields, ORDINAL), text,
                integer(fields, TOKENS), integer(fields, START), integer(fields, END), metadata);
        return new ScoredChunk(chunk, score, null);
    }

    /**
     * A context of {@code chunks} in the given order, as handed back by another framework: its text joined by
     * {@link Context#SEPARATOR}, its tokens the sum of the chunks' tokens, its budget equal to its tokens (the
     * budget it was selected under is not carried). O(total text).
     *
     * @param chunks the chunks, in the order the model saw them
     * @return the context
     */
    public static Context context(List<ScoredChunk> chunks) {
        int tokens = chunks.stream().mapToInt(c -> c.chunk().tokens()).sum();
        String text = String.join(Context.SEPARATOR, chunks.stream().map(c -> c.chunk().text()).toList());
        return new Context(chunks, text, tokens, tokens, Map.of());
    }

    /**
     * The text that replaces a user's question in another framework's augmented prompt: {@code template}
     * rendered for {@code question} over {@code chunks} as one text ({@link PromptTemplate.Prompt#asText()}:
     * the system message with its instruction to treat passages as data, then the question and the passages
     * fenced and numbered 1, 2, … in the given order). O(total text).
     *
     * @param template the prompt template, e.g. {@link PromptTemplate#defaults()}
     * @param question the user's question
     * @param chunks   the chunks, in the order to number them
     * @return the prompt text
     */
    public static String prompt(PromptTemplate template, String question, List<ScoredChunk> chunks) {
        return template.render(Query.of(question), context(chunks)).asText();
    }

    /**
     * The citations of {@code reply} to a prompt made by {@link #prompt}: {@code [n]} names the {@code n}-th of
     * {@code chunks}; numbers naming none are dropped. See {@link CitationParser}.
     *
     * @param reply  the model's reply
     * @param chunks the chunks, in the order the prompt numbered them
     * @return the citations, in order of first appearance
     */
    public static List<Citation> citations(String reply, List<ScoredChunk> chunks) {
        return CITATIONS.parse(reply.strip(), context(chunks), TraceSink.NONE);
    }

    private static String string(Map<String, ?> fields, String key) {
        Object value = fields.get(key);
        if (value == null) {
            throw new IllegalArgumentException("passage metadata lacks " + key + ": it was not made by Passages.fields");
        }
        return value.toString();
    }

    private static int integer(Map<String, ?> fields, String key) {
        Object value = fields.get(key);
        if (value instanceof Number n) {
            return n.intValue();
        }
        try {
            return Integer.parseInt(string(fields, key));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("passage metadata " + key + " is not an integer: " + value, e);
        }
    }
}
