package io.github.astrorag.eval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.load.FileSystemDocumentLoader;
import io.github.astrorag.core.model.Document;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Reads evaluation instances from a JSON-lines file (one {@link EvalQuestion} object a line, in the schema of
 * the evaluation data files: see docs/evaluation.md, "Data sets") and loads corpus folders. Blank lines are skipped; a malformed line fails with its line number.
 */
public final class EvalDataset {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * 144 Mi characters: the longest line read, room for {@link #MAX_INLINE_CHARS} of documents and 16 Mi for the
     * rest. A longer line is refused from a first pass over the file that counts characters without holding any
     * line, so a line of any length costs no memory.
     */
    public static final int MAX_LINE_CHARS = 144 * 1024 * 1024;
    /** 64 Mi characters: the most text of one inline document, the loader's default per file. */
    public static final long MAX_DOCUMENT_CHARS = 64L * 1024 * 1024;
    /** 128 Mi characters: the most text of all the inline documents of one instance, the loader's default per call. */
    public static final long MAX_INLINE_CHARS = 128L * 1024 * 1024;
    /** The question types an instance may have. */
    public static final java.util.Set<String> TYPES = java.util.Set.of("multi-hop", "extractive", "mcq-single",
            EvalQuestion.MCQ_MULTI, EvalQuestion.JUDGMENT, EvalQuestion.OPEN, "claim", EvalQuestion.UNANSWERABLE,
            EvalQuestion.OFF_CORPUS);

    private EvalDataset() {
    }

    /**
     * The first {@code limit} instances of {@code file} ({@code limit <= 0}: all). A {@code corpus} is
     * resolved against the file's folder and must lie inside it (an absolute path or {@code ../} out of it is
     * refused: an instance file cannot make the run read and quote files from elsewhere). A UTF-8 byte-order mark
     * at the start is skipped, as {@code ask} skips one. Every field must have its type: {@code id},
     * {@code type} (one of {@link #TYPES}), {@code question} and {@code answer_key} strings, {@code answers} and
     * {@code supporting} arrays of strings, {@code options} an object of strings, {@code documents} an array of
     * objects with string {@code id}, {@code text} and optional {@code title}. Inline documents are held to the
     * loader's default limits ({@link #MAX_DOCUMENT_CHARS} each, {@link #MAX_INLINE_CHARS} per instance) and a line
     * to {@link #MAX_LINE_CHARS}. Two passes: one counts line lengths (holding no line), one parses as many lines as
     * it needs.
     *
     * @param file  the JSON-lines data file, UTF-8
     * @param limit the most instances to read; 0 or negative for all of them
     * @return the instances in file order, at most {@code limit} of them when {@code limit > 0}; a new list
     * @throws IllegalArgumentException if the file is missing or unreadable, is not valid UTF-8, or a line is not a
     *                                  valid instance or too long (the message names the line)
     */
    public static List<EvalQuestion> read(Path file, int limit) {
        return read(file, limit, MAX_LINE_CHARS, MAX_DOCUMENT_CHARS, MAX_INLINE_CHARS);
    }

    /** {@link #read(Path, int)} under other limits, for tests. */
    static List<EvalQuestion> read(Path file, int limit, int maxLineChars, long maxDocumentChars, long maxInlineChars) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no such data file: " + file);
        }
        Path folder = file.toAbsolutePath().getParent();
        List<EvalQuestion> out = new ArrayList<>();
        int number = 0;
        try {
            checkLineLengths(file, maxLineChars);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IllegalArgumentException(file + " line " + malformedLine(file, 1) + " is not valid UTF-8");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
        }
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null && (limit <= 0 || out.size() < limit)) {
                number++;
                if (number == 1 && line.startsWith("\uFEFF")) {
                    line = line.substring(1);
                }
                if (!line.isBlank()) {
                    out.add(parse(line, folder, file, number, maxDocumentChars, maxInlineChars));
                }
            }
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IllegalArgumentException(file + " line " + malformedLine(file, number + 1) + " is not valid UTF-8");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
        }
        return out;
    }

    /**
     * The instances of several files, one after the other: the first {@code limit} of each ({@code limit <= 0}: all),
     * as {@link #read(Path, int)} reads them; so that one run can hold, say, answerable and unanswerable questions.
     *
     * @param files the JSON-lines data files, at least one, in the order their instances are wanted
     * @param limit the most instances to read from each file; 0 or negative for all of them
     * @return the instances, file by file, each file's in file order; a new list
     * @throws IllegalArgumentException if there is no file, a file cannot be read (as {@link #read(Path, int)}), or
     *                                  two instances share an id (the message names it and its file)
     */
    public static List<EvalQuestion> read(List<Path> files, int limit) {
        Arguments.check(!files.isEmpty(), "no data file given");
        List<EvalQuestion> out = new ArrayList<>();
        java.util.Set<String> ids = new java.util.HashSet<>();
        for (Path file : files) {
            for (EvalQuestion i : read(file, limit)) {
                Arguments.check(ids.add(i.id()), "instance id '%s' of %s occurs twice among the data files", i.id(), file);
                out.add(i);
            }
        }
        return out;
    }

    /** What {@link #offCorpus} appends to an instance's id. */
    public static final String OFF_CORPUS_SUFFIX = "/off-corpus";

    /**
     * The same questions asked over documents that cannot answer them: each instance becomes one of type
     * {@value EvalQuestion#OFF_CORPUS}, id {@code <id>}{@value #OFF_CORPUS_SUFFIX}, the same question with no gold
     * answer, no supporting document and no options (a multiple-choice question is asked as plain text), over
     * <ul>
     *   <li>for an instance with a {@code corpus}: another corpus folder of {@code instances} (never its own), drawn
     *       uniformly from the others;</li>
     *   <li>for an instance with its own documents: the documents of another instance of {@code instances} that
     *       shares no document id with it, the first such from a uniformly drawn starting position (in cyclic
     *       order).</li>
     * </ul>
     * The draws come from one {@link java.util.SplittableRandom} seeded with {@code seed} (which, unlike
     * {@link Random}, mixes nearby seeds well), instance by instance in order: the same
     * instances and seed give the same pairing. The right answer to every result is an abstention (unless another
     * article happens to answer the question too: SQuAD's articles are on unrelated subjects). Linear in the
     * number of instances when most pairs share no document, quadratic at worst.
     *
     * @param instances the instances to ask off-corpus, in order
     * @param seed      seed of the pairing
     * @return one off-corpus instance per instance, in the same order; a new list
     * @throws IllegalArgumentException if an instance with a corpus has no other corpus folder among
     *                                  {@code instances}, or one with documents no other instance whose documents
     *                                  are all different
     */
    public static List<EvalQuestion> offCorpus(List<EvalQuestion> instances, long seed) {
        List<Path> corpora = instances.stream().map(EvalQuestion::corpus).filter(java.util.Objects::nonNull).distinct().sorted().toList();
        List<EvalQuestion> inline = instances.stream().filter(i -> i.corpus() == null).toList();
        java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        List<EvalQuestion> out = new ArrayList<>();
        for (EvalQuestion i : instances) {
            Path corpus = null;
            List<Document> documents = List.of();
            if (i.corpus() != null) {
                List<Path> others = corpora.stream().filter(c -> !c.equals(i.corpus())).toList();
                Arguments.check(!others.isEmpty(), "instance %s: an off-corpus question needs another corpus folder among the "
                        + "instances, but all %d read %s", i.id(), instances.size(), i.corpus());
                corpus = others.get(random.nextInt(others.size()));
            } else {
                documents = otherDocuments(i, inline, random.nextInt(inline.size()));
            }
            out.add(new EvalQuestion(i.id() + OFF_CORPUS_SUFFIX, EvalQuestion.OFF_CORPUS, i.question(), List.of(), documents, corpus,
                    List.of(), Map.of(), null, i.language()));
        }
        return out;
    }

    /** The documents of the first instance from {@code start} on (cyclically) that is not {@code own} and shares no document id. */
    private static List<Document> otherDocuments(EvalQuestion own, List<EvalQuestion> inline, int start) {
        java.util.Set<String> ids = new java.util.HashSet<>();
        own.documents().forEach(d -> ids.add(d.id()));
        for (int k = 0; k < inline.size(); k++) {
            EvalQuestion other = inline.get((start + k) % inline.size());
            if (other != own && other.documents().stream().noneMatch(d -> ids.contains(d.id()))) {
                return other.documents();
            }
        }
        throw new IllegalArgumentException("instance " + own.id() + ": an off-corpus question needs another instance whose "
                + "documents are all different, but there is none among the " + inline.size() + " with their own documents");
    }

    /** Refuses the first line longer than {@code max} characters, counting them in blocks without holding a line. */
    private static void checkLineLengths(Path file, int max) throws IOException {
        try (java.io.Reader in = new java.io.InputStreamReader(Files.newInputStream(file),
                StandardCharsets.UTF_8.newDecoder())) {
            char[] block = new char[64 * 1024];
            long length = 0;
            long number = 1;
            int n;
            while ((n = in.read(block)) != -1) {
                for (int i = 0; i < n; i++) {
                    if (block[i] == '\n') {
                        number++;
                        length = 0;
                    } else if (++length > max) {
                        throw new IllegalArgumentException(String.format("%s line %,d is longer than %,d characters; "
                                + "nothing was read", file, number, max));
                    }
                }
            }
        }
    }

    private static int malformedLine(Path file, int orElse) {
        try {
            int line = io.github.astrorag.core.internal.text.Utf8.firstMalformedLine(file);
            return line > 0 ? line : orElse;
        } catch (IOException e) {
            return orElse;
        }
    }

    private static EvalQuestion parse(String line, Path folder, Path file, int number, long maxDocumentChars,
                                      long maxInlineChars) {
        try {
            JsonNode n = JSON.readTree(line);
            if (n == null || !n.isObject()) {
                throw new IllegalArgumentException("not a JSON object");
            }
            String type = text(n, "type");
            if (!TYPES.contains(type)) {
                throw new IllegalArgumentException("unknown type '" + type
                        + "'; types are " + String.join(", ", new java.util.TreeSet<>(TYPES)));
            }
            List<Document> documents = new ArrayList<>();
            long inline = 0;
            for (JsonNode d : array(n, "documents")) {
                if (!d.isObject()) {
                    throw new IllegalArgumentException("field 'documents' must be an array of objects");
                }
                String id = text(d, "id");
                String title = d.hasNonNull("title") ? text(d, "title") : id;
                String text = text(d, "text");
                if (text.length() > maxDocumentChars) {
                    throw new IllegalArgumentException(String.format("document '%s' holds %,d characters, over the "
                            + "limit of %,d per document", id, text.length(), maxDocumentChars));
                }
                inline += text.length();
                if (inline > maxInlineChars) {
                    throw new IllegalArgumentException(String.format("the documents hold over %,d characters, the "
                            + "limit of one instance", maxInlineChars));
                }
                documents.add(new Document(id, title, id, text, List.of()));
            }
            Path corpus = n.hasNonNull("corpus") ? corpus(folder, text(n, "corpus")) : null;
            Map<String, String> options = new LinkedHashMap<>();
            JsonNode given = n.path("options");
            if (!given.isMissingNode() && !given.isNull() && !given.isObject()) {
                throw new IllegalArgumentException("field 'options' must be an object of strings");
            }
            Iterator<Map.Entry<String, JsonNode>> it = given.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!e.getValue().isTextual()) {
                    throw new IllegalArgumentException("field 'options' must be an object of strings");
                }
                options.put(e.getKey(), e.getValue().asText());
            }
            return new EvalQuestion(text(n, "id"), type, text(n, "question"), strings(n, "answers"),
                    documents, corpus, strings(n, "supporting"), options,
                    n.hasNonNull("answer_key") ? text(n, "answer_key") : null,
                    n.hasNonNull("language") ? text(n, "language") : null);
        } catch (JsonProcessingException | IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException(file + " line " + number + " is not a valid instance: "
                    + (e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()));
        }
    }

    /** {@code given} resolved against {@code folder}; refused unless it stays inside it. */
    private static Path corpus(Path folder, String given) {
        Path corpus = folder.resolve(given).normalize();
        if (!corpus.startsWith(folder.normalize())) {
            throw new IllegalArgumentException("corpus '" + given
                    + "' is not a folder inside the data file's folder " + folder + " (a corpus is relative to it)");
        }
        return corpus;
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw new IllegalArgumentException("missing field '" + field + "'");
        }
        if (!v.isTextual()) {
            throw new IllegalArgumentException("field '" + field + "' must be a string, was " + v.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
        }
        return v.asText();
    }

    private static JsonNode array(JsonNode node, String field) {
        JsonNode v = node.path(field);
        if (!v.isMissingNode() && !v.isNull() && !v.isArray()) {
            throw new IllegalArgumentException("field '" + field + "' must be an array, was "
                    + v.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
        }
        return v;
    }

    private static List<String> strings(JsonNode node, String field) {
        List<String> out = new ArrayList<>();
        for (JsonNode v : array(node, field)) {
            if (!v.isTextual()) {
                throw new IllegalArgumentException("field '" + field + "' must be an array of strings");
            }
            out.add(v.asText());
        }
        return out;
    }

    /**
     * {@code n} instances drawn without replacement by a {@link Random} seeded with {@code seed}, kept
     * in their file order; all of them when {@code n} is at least their number.
     *
     * @param instances the instances to draw from, in file order
     * @param n         the sample size, at least 1
     * @param seed      seed of the draw; the same instances, size and seed give the same sample
     * @return {@code min(n, instances.size())} instances in their order in {@code instances}; {@code instances}
     *         itself when it holds at most {@code n}
     * @throws IllegalArgumentException if {@code n < 1}
     */
    public static List<EvalQuestion> sample(List<EvalQuestion> instances, int n, long seed) {
        Arguments.check(n >= 1, "the sample size must be at least 1, was %d", n);
        if (n >= instances.size()) {
            return instances;
        }
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < instances.size(); i++) {
            idx.add(i);
        }
        java.util.Collections.shuffle(idx, new Random(seed));
        return idx.subList(0, n).stream().sorted().map(instances::get).toList();
    }

    /**
     * Fold {@code index} of {@code folds}: the instances whose position in {@code instances} is
     * {@code index} modulo {@code folds}, in order. With 2 folds, fold 0 (even positions) and fold 1 (odd)
     * split the instances in halves for 2-fold cross-validation: choose a setting on one, report it on the other.
     *
     * @param instances the instances, in order
     * @param index     the fold, in {@code [0, folds)}
     * @param folds     the number of folds, at least 2
     * @return the fold's instances, in order
     * @throws IllegalArgumentException if {@code folds < 2} or {@code index} is not in {@code [0, folds)}
     */
    public static List<EvalQuestion> fold(List<EvalQuestion> instances, int index, int folds) {
        Arguments.check(folds >= 2, "at least 2 folds, was %d", folds);
        Arguments.check(index >= 0 && index < folds, "the fold must be in [0, %d), was %d", folds, index);
        List<EvalQuestion> out = new ArrayList<>();
        for (int i = index; i < instances.size(); i += folds) {
            out.add(instances.get(i));
        }
        return out;
    }

    /**
     * The documents of a corpus folder (all supported files, recursively, in path order), each with the
     * dataset's id: its file name without extension. The core loader's ids are paths relative to the
     * folder with extension ({@code sub/000.txt}); supporting ids name files without either.
     *
     * @param folder the corpus folder, usually an instance's {@link EvalQuestion#corpus()}
     * @return the folder's documents in path order, each with its file name without extension as id; a new list
     * @throws DocumentException if the folder does not exist or a file cannot be loaded
     */
    public static List<Document> loadCorpus(Path folder) {
        if (!Files.isDirectory(folder)) {
            throw new DocumentException.Unreadable(folder, "corpus folder not found: " + folder, null);
        }
        List<Document> out = new ArrayList<>();
        for (Document d : FileSystemDocumentLoader.defaults().load(folder)) {
            out.add(d.withId(corpusId(d.id())));
        }
        return out;
    }

    /** {@code sub/000.txt} → {@code 000}. */
    static String corpusId(String relativePath) {
        String name = relativePath.substring(relativePath.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
