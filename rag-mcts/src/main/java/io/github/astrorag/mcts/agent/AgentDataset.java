package io.github.astrorag.mcts.agent;

import io.github.astrorag.core.internal.json.Json;
import io.github.astrorag.core.internal.json.JsonValue;
import io.github.astrorag.core.DocumentException;
import io.github.astrorag.core.internal.Arguments;
import io.github.astrorag.core.embed.Vectors;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.Document;
import io.github.astrorag.core.model.Query;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.pipeline.RagPipeline;
import io.github.astrorag.core.spi.Chunker;
import io.github.astrorag.core.spi.Embedder;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Questions with their own documents, read from the evaluation JSONL schema (one object a line with
 * {@code id}, {@code question}, {@code documents: [{id, title, text}]}, {@code supporting: [document ids]},
 * {@code answers: [strings]}), turned into candidate pools: each instance's documents are chunked, embedded,
 * and its top {@code k} chunks by cosine to the question kept, as dense retrieval would. Instances without
 * {@code documents} (those that name a shared {@code corpus}) or with neither supporting ids nor answers are
 * skipped and counted.
 */
public final class AgentDataset {

    /**
     * One usable instance.
     *
     * @param id         the instance id
     * @param query      the question, embedded
     * @param candidates its top chunks by cosine, best first, with their vectors
     * @param supporting ids of the documents holding the evidence (may be empty)
     * @param answers    acceptable answers (may be empty)
     */
    public record Instance(String id, Query query, List<ScoredChunk> candidates, Set<String> supporting, List<String> answers) {
        /**
         * Copies the collections, so the instance is immutable.
         *
         * @param id the instance id
         * @param query the question, embedded
         * @param candidates its top chunks by cosine, best first, with their vectors
         * @param supporting ids of the documents holding the evidence (may be empty)
         * @param answers acceptable answers (may be empty)
         */
        public Instance {
            candidates = List.copyOf(candidates);
            supporting = Set.copyOf(supporting);
            answers = List.copyOf(answers);
        }

        /**
         * The instance as a grid-search query.
         *
         * @return a query of this instance's id, question and candidates
         */
        public AgentGridSearch.GridQuery gridQuery() {
            return new AgentGridSearch.GridQuery(id, query, candidates);
        }

        /**
         * How good {@code context} is for this instance: the share of supporting documents it draws on,
         * or, without supporting ids, 1 if an answer occurs in its text (ignoring case), else 0.
         *
         * @param context a context selected from this instance's candidates
         * @return the quality, in [0, 1]
         */
        public double quality(Context context) {
            if (!supporting.isEmpty()) {
                Set<String> used = new java.util.HashSet<>();
                context.chunks().forEach(c -> used.add(c.chunk().documentId()));
                return supporting.stream().filter(used::contains).count() / (double) supporting.size();
            }
            String text = context.text().toLowerCase(Locale.ROOT);
            return answers.stream().anyMatch(a -> !a.isBlank() && text.contains(a.toLowerCase(Locale.ROOT))) ? 1.0 : 0.0;
        }
    }

    /**
     * What was read: the usable instances and how many lines were skipped.
     *
     * @param instances the usable instances, in file order
     * @param skipped the number of lines skipped
     */
    public record Contents(List<Instance> instances, int skipped) {
        /**
         * Copies the list, so the contents are immutable.
         *
         * @param instances the usable instances, in file order
         * @param skipped the number of lines skipped
         */
        public Contents {
            instances = List.copyOf(instances);
        }
    }

    private AgentDataset() {
    }

    /**
     * Reads at most {@code limit} usable instances of {@code jsonl}.
     *
     * @param jsonl the JSON Lines file, one instance per line
     * @param embedder the embedder of questions and chunks; use the one the pipeline will use
     * @param chunker the chunker of each instance's documents
     * @param k the candidates kept per instance, at least 1
     * @param limit the most usable instances read, at least 1; reading stops there
     * @return the usable instances, in file order, and the number of skipped lines
     * @throws DocumentException naming the file and line if it cannot be read or a line is not a JSON object with a question
     * @throws IllegalArgumentException if {@code k} or {@code limit} is below 1
     */
    public static Contents read(Path jsonl, Embedder embedder, Chunker chunker, int k, int limit) {
        Objects.requireNonNull(embedder, "embedder");
        Objects.requireNonNull(chunker, "chunker");
        Arguments.check(k >= 1, "candidates must be at least 1, was %d", k);
        Arguments.check(limit >= 1, "limit must be at least 1, was %d", limit);
        List<Instance> out = new ArrayList<>();
        int skipped = 0;
        int lineNo = 0;
        try (BufferedReader in = Files.newBufferedReader(jsonl, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null && out.size() < limit) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                JsonValue node;
                try {
                    node = Json.parse(line);
                } catch (IllegalArgumentException e) {
                    throw new DocumentException(jsonl, "line " + lineNo + " of " + jsonl + " is not JSON: " + e.getMessage(), e);
                }
                if (!node.isObject() || !node.path("question").isTextual() || node.path("question").asText().isBlank()) {
                    throw new DocumentException(jsonl, "line " + lineNo + " of " + jsonl + " has no \"question\"");
                }
                Instance instance = instance(node, lineNo, embedder, chunker, k);
                if (instance == null) {
                    skipped++;
                } else {
                    out.add(instance);
                }
            }
        } catch (java.nio.charset.CharacterCodingException e) {
            int bad;
            try {
                bad = io.github.astrorag.core.internal.text.Utf8.firstMalformedLine(jsonl);
            } catch (IOException again) {
                bad = 0;
            }
            throw new DocumentException(jsonl, "line " + (bad > 0 ? bad : lineNo + 1) + " of " + jsonl + " is not valid UTF-8", e);
        } catch (IOException e) {
            throw new DocumentException(jsonl, "cannot read " + jsonl + ": " + e.getMessage(), e);
        }
        return new Contents(out, skipped);
    }

    private static Instance instance(JsonValue node, int lineNo, Embedder embedder, Chunker chunker, int k) {
        JsonValue docs = node.path("documents");
        Set<String> supporting = new LinkedHashSet<>();
        node.path("supporting").forEach(s -> supporting.add(s.asText()));
        List<String> answers = new ArrayList<>();
        node.path("answers").forEach(a -> answers.add(a.asText()));
        if (!docs.isArray() || docs.isEmpty() || (supporting.isEmpty() && answers.isEmpty())) {
            return null;
        }
        List<Chunk> chunks = new ArrayList<>();
        for (JsonValue d : docs) {
            String id = d.path("id").asText();
            String title = d.path("title").asText(id);
            chunks.addAll(chunker.chunk(new Document(id, title, id, d.path("text").asText(), List.of())));
        }
        if (chunks.isEmpty()) {
            return null;
        }
        String question = node.path("question").asText();
        float[] q = embedder.embedQuery(question);
        List<ScoredChunk> scored = new ArrayList<>(chunks.size());
        for (int from = 0; from < chunks.size(); from += RagPipeline.EMBED_BATCH) {
            List<Chunk> batch = chunks.subList(from, Math.min(chunks.size(), from + RagPipeline.EMBED_BATCH));
            List<float[]> vectors = embedder.embedDocuments(batch.stream().map(Chunk::text).toList());
            for (int i = 0; i < batch.size(); i++) {
                scored.add(new ScoredChunk(batch.get(i), Vectors.dot(q, vectors.get(i)), vectors.get(i)));
            }
        }
        scored.sort(ScoredChunk.BY_SCORE);
        String id = node.path("id").asText("line-" + lineNo);
        return new Instance(id, Query.of(question).withEmbedding(q), scored.subList(0, Math.min(k, scored.size())),
                supporting, answers);
    }
}
