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

    private EvalDataset() {
    }

    /**
     * The first {@code limit} instances of {@code file} ({@code limit <= 0}: all). A {@code corpus} is
     * resolved against the file's folder. Reads only as many lines as it needs.
     *
     * @param file  the JSON-lines data file, UTF-8
     * @param limit the most instances to read; 0 or negative for all of them
     * @return the instances in file order, at most {@code limit} of them when {@code limit > 0}; a new list
     * @throws IllegalArgumentException if the file is missing or unreadable, is not valid UTF-8, or a line is not a
     *                                  valid instance (the message names the line)
     */
    public static List<EvalQuestion> read(Path file, int limit) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no such data file: " + file);
        }
        Path folder = file.toAbsolutePath().getParent();
        List<EvalQuestion> out = new ArrayList<>();
        int number = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null && (limit <= 0 || out.size() < limit)) {
                number++;
                if (!line.isBlank()) {
                    out.add(parse(line, folder, file, number));
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
                    List.of(), Map.of(), null));
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

    private static int malformedLine(Path file, int orElse) {
        try {
            int line = io.github.astrorag.core.internal.text.Utf8.firstMalformedLine(file);
            return line > 0 ? line : orElse;
        } catch (IOException e) {
            return orElse;
        }
    }

    private static EvalQuestion parse(String line, Path folder, Path file, int number) {
        try {
            JsonNode n = JSON.readTree(line);
            List<Document> documents = new ArrayList<>();
            for (JsonNode d : n.path("documents")) {
                String id = text(d, "id");
                String title = d.hasNonNull("title") ? d.get("title").asText() : id;
                documents.add(new Document(id, title, id, text(d, "text"), List.of()));
            }
            Path corpus = n.hasNonNull("corpus") ? folder.resolve(n.get("corpus").asText()).normalize() : null;
            Map<String, String> options = new LinkedHashMap<>();
            Iterator<Map.Entry<String, JsonNode>> it = n.path("options").fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                options.put(e.getKey(), e.getValue().asText());
            }
            return new EvalQuestion(text(n, "id"), text(n, "type"), text(n, "question"), strings(n.path("answers")),
                    documents, corpus, strings(n.path("supporting")), options,
                    n.hasNonNull("answer_key") ? n.get("answer_key").asText() : null);
        } catch (JsonProcessingException | IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException(file + " line " + number + " is not a valid instance: "
                    + (e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()));
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw new IllegalArgumentException("missing field '" + field + "'");
        }
        return v.asText();
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(v -> out.add(v.asText()));
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
