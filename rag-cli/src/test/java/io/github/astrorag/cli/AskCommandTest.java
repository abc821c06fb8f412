package io.github.astrorag.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import io.github.astrorag.core.model.MetadataFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class AskCommandTest {

    @TempDir
    Path dir;

    record Run(int status, String out, String err) {
        JsonNode json() throws IOException {
            return new ObjectMapper().readTree(out);
        }
    }

    static Run run(String... args) {
        CommandLine cl = AstroRagCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int status = cl.execute(args);
        return new Run(status, out.toString(), err.toString());
    }

    @Test
    void jsonAnswerCitesThePdfPageHoldingTheEvidence() throws IOException {
        Run r = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--json",
                "What resolving power does the spectrograph reach?");
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode json = r.json();
        assertThat(json.path("answer").asText()).contains("5000");
        JsonNode first = json.path("citations").get(0);
        assertThat(first.path("source").asText()).isEqualTo("spectrograph-guide.pdf");
        assertThat(first.path("page").asInt()).isEqualTo(2);
        assertThat(first.path("quote").asText()).contains("resolving power of 5000");
        assertThat(json.path("context").path("tokens").asInt()).isLessThanOrEqualTo(json.path("context").path("budget").asInt());
        assertThat(json.path("trace").path("stages").get(0).path("name").asText()).isEqualTo("embed-query");
        assertThat(json.path("trace").path("config").path("embedder").path("name").asText()).isEqualTo("hashing");
        assertThat(json.path("index").path("kind").asText()).isEqualTo("memory");
        assertThat(json.path("index").path("deleted").asBoolean()).isTrue();
    }

    /** Two small documents about a telescope and its history: nothing about the weather. */
    private Path telescopeDocuments() throws IOException {
        Path docs = Files.createDirectories(dir.resolve("telescope"));
        Files.writeString(docs.resolve("telescope.md"), "# The Kestrel Telescope\n\nThe Kestrel telescope is a "
                + "1.2-metre reflector on a fork mount. Its primary mirror is made of low-expansion glass. The dome turns "
                + "on twelve wheels and opens to the south.\n");
        Files.writeString(docs.resolve("history.md"), "# History of the Kestrel Observatory\n\nThe observatory was "
                + "founded by the astronomer Ada Marsh. The Kestrel telescope saw first light in March 1931. A new "
                + "spectrograph was added in 1978.\n");
        return docs;
    }

    @Test
    void minSupportSetsTheThresholdOfTheExtractiveAnswerAndIsRefusedElsewhere() throws IOException {
        String docs = telescopeDocuments().toString();
        String question = "What is the wind speed at the summit?";
        JsonNode always = run("ask", "--model", "hashing", "--min-support", "0", "--docs", docs, "--json", question).json();
        assertThat(always.path("abstained").asBoolean()).isFalse();
        assertThat(always.path("trace").toString()).contains("\"minSupport\":0.0");
        JsonNode never = run("ask", "--model", "hashing", "--min-support", "1", "--docs", docs, "--json",
                "When did the Kestrel telescope see first light?").json();
        assertThat(never.path("abstained").asBoolean()).isTrue();
        Run outOfRange = run("ask", "--model", "hashing", "--min-support", "1.5", "--docs", docs, question);
        assertThat(outOfRange.status()).isEqualTo(2);
        assertThat(outOfRange.err()).contains("generator extractive: setting min-support must be a number in [0.0, 1.0], was '1.5'");
        Run withModel = run("ask", "--model", "hashing", "--min-support", "0.5", "--generator", "openai",
                "--base-url", "http://127.0.0.1:9/v1", "--llm-model", "m", "--docs", docs, question);
        assertThat(withModel.status()).isEqualTo(2);
        assertThat(withModel.err()).contains("--min-support applies to --generator extractive only, not --generator openai");
    }

    @Test
    void aQuestionTheDocumentsDoNotAnswerSaysSoAndExitsZero() throws IOException {
        String docs = telescopeDocuments().toString();
        String question = "What is the wind speed at the summit?";
        Run r = run("ask", "--model", "hashing", "--docs", docs, question);
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("The documents do not answer this question.\n").doesNotContain("Sources:")
                .doesNotContain("Closest passage");
        assertThat(r.err()).doesNotContain("warning");
        Run verbose = run("ask", "--verbose", "--model", "hashing", "--docs", docs, question);
        assertThat(verbose.out()).startsWith("The documents do not answer this question.\n")
                .containsPattern("Closest passage \\(support 0\\.\\d{3}, below 0\\.25\\): \\[\\d] chunk \\S+#0: \"");
        JsonNode json = run("ask", "--model", "hashing", "--docs", docs, "--json", question).json();
        assertThat(json.path("abstained").asBoolean()).isTrue();
        assertThat(json.path("uncited").asBoolean()).isFalse();
        assertThat(json.path("citations")).isEmpty();
        assertThat(json.path("closestPassage").path("passage").path("chunkId").asText()).endsWith("#0");
        assertThat(json.path("closestPassage").path("support").asDouble()).isLessThan(0.25);
        JsonNode answered = run("ask", "--model", "hashing", "--docs", docs, "--json",
                "When did the Kestrel telescope see first light?").json();
        assertThat(answered.path("abstained").asBoolean()).isFalse();
        assertThat(answered.path("answer").asText()).contains("1931");
        assertThat(answered.has("closestPassage")).isFalse();
    }

    @Test
    void everyPresetAnswersByItsCommandLineName() throws IOException {
        Map<String, String> selectorOf = Map.of("default", "bridging-coverage", "corag", "mcts", "corag-paper", "mcts",
                "astrorag", "token-budget", "naive", "token-budget");
        for (Map.Entry<String, String> e : selectorOf.entrySet()) {
            Run r = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--preset", e.getKey(), "--json",
                    "What resolving power does the spectrograph reach?");
            assertThat(r.status()).as(e.getKey() + ": " + r.err()).isZero();
            JsonNode config = r.json().path("trace").path("config");
            assertThat(config.path("selector").path("name").asText()).as(e.getKey()).isEqualTo(e.getValue());
        }
        // corag searches the default's evidence objective over the default's fused candidates; corag-paper the paper's
        JsonNode corag = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--preset", "corag", "--json", "Q?").json();
        assertThat(corag.path("trace").path("config").path("selector").path("scorer").path("name").asText()).isEqualTo("evidence-coverage");
        assertThat(corag.path("trace").path("config").path("retriever").path("fusion").asText()).isEqualTo("weighted");
        JsonNode paper = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--preset", "CORAG-PAPER", "--json", "Q?").json();
        assertThat(paper.path("trace").path("config").path("selector").path("scorer").path("name").asText()).isEqualTo("query-coverage");
    }

    @Test
    void budgetFiftyKeepsTheContextWithinFiftyTokens() throws IOException {
        Run r = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--budget", "50", "--json", "When does Halley's Comet return?");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.json().path("context").path("tokens").asInt()).isBetween(1, 50);
        assertThat(r.json().path("context").path("budget").asInt()).isEqualTo(50);
    }

    @Test
    void tokenizerCountsTheChunksAndTheBudgetAndIsInTheTrace() throws IOException {
        for (String preset : List.of("default", "astrorag", "corag", "naive")) {
            Run r = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--tokenizer", "o200k_base",
                    "--preset", preset, "--budget", "50", "--json", "When does Halley's Comet return?");
            assertThat(r.status()).as(r.err()).isZero();
            JsonNode config = r.json().path("trace").path("config");
            assertThat(config.path("tokenizer").asText()).as(preset).isEqualTo("o200k_base");
            assertThat(config.path("chunker").path("encoding").asText()).as(preset).isEqualTo("o200k_base");
            assertThat(config.toString()).as(preset).doesNotContain("p50k_base");
            assertThat(r.json().path("context").path("tokens").asInt()).isBetween(1, 50);
        }
        Run plain = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--json", "Q?");
        assertThat(plain.json().path("trace").path("config").path("tokenizer").asText()).isEqualTo("p50k_base");
        Run unknown = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--tokenizer", "gpt9", "Q?");
        assertThat(unknown.status()).isNotZero();
        assertThat(unknown.err()).contains("gpt9", "o200k-base");
    }

    @Test
    void theQuestionsLanguageIsInTheTraceAndLanguageSetsIt() throws IOException {
        Run detected = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--json", "哈雷彗星什么时候回来？");
        assertThat(detected.status()).as(detected.err()).isZero();
        assertThat(detected.json().path("trace").path("stages").get(0).path("details").path("language").asText()).isEqualTo("zh");
        Run set = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--language", "de", "--json",
                "When does Halley's Comet return?");
        assertThat(set.status()).as(set.err()).isZero();
        assertThat(set.json().path("trace").path("stages").get(0).path("details").path("language").asText()).isEqualTo("de");
        assertThat(set.json().path("trace").path("config").path("language").asText()).isEqualTo("de");
    }

    @Test
    void languageDetectorByName() throws IOException {
        Run script = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--json",
                "Wann kehrt der Halleysche Komet zurück?");
        assertThat(script.status()).as(script.err()).isZero();
        assertThat(script.json().path("trace").path("stages").get(0).path("details").path("language").asText()).isEqualTo("en");
        assertThat(script.json().path("trace").path("config").path("languageDetector").path("name").asText())
                .isEqualTo("script");
        Run opennlp = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--language-detector",
                "opennlp", "--json", "Wann kehrt der Halleysche Komet zurück?");
        assertThat(opennlp.status()).as(opennlp.err()).isZero();
        assertThat(opennlp.json().path("trace").path("stages").get(0).path("details").path("language").asText())
                .isEqualTo("de");
        assertThat(opennlp.json().path("trace").path("config").path("languageDetector").path("name").asText())
                .isEqualTo("opennlp");
        Run unknown = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--language-detector",
                "lingua", "Q?");
        assertThat(unknown.status()).isNotZero();
        assertThat(unknown.err()).contains("lingua", "script", "opennlp");
    }

    @Test
    void textOutputListsNumberedSources() {
        Run r = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "How wide is the dome?");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("6.5 metres").contains("Sources:").containsPattern("\\[\\d] observatory-handbook.md, chunk observatory-handbook.md#0: \"The dome is 6.5 metres wide");
    }

    @Test
    void multipleChoiceNamesALetter() throws IOException {
        Run r = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--json", "--option", "A=minus 20 degrees Celsius",
                "--option", "B=plus 35 degrees Celsius", "To what temperature is the science camera cooled?");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.json().path("choice").asText()).isEqualTo("A");
    }

    private static List<String> all(JsonNode array, String field) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.at(field).asText()));
        return out;
    }

    @Test
    void aFilterRestrictsTheAnswerToOneFileType() throws IOException {
        Run unfiltered = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--json", "How wide is the dome?");
        assertThat(all(unfiltered.json().path("citations"), "/source")).contains("observatory-handbook.md");

        Run dome = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--json", "--filter", "type=pdf", "How wide is the dome?");
        assertThat(all(dome.json().path("citations"), "/source")).as("the filter keeps the handbook out")
                .doesNotContain("observatory-handbook.md");
        Run r = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--json", "--filter", "type=pdf", "How wide is the slit?");
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode json = r.json();
        assertThat(json.path("citations")).isNotEmpty();
        assertThat(all(json.path("citations"), "/source")).containsOnly("spectrograph-guide.pdf");
        assertThat(all(json.path("citations"), "/metadata/type")).containsOnly("pdf");
        assertThat(all(json.path("context").path("chunks"), "/metadata/type")).isNotEmpty().containsOnly("pdf");
        JsonNode retrieved = json.path("trace").path("stages").get(1);
        assertThat(retrieved.path("name").asText()).isEqualTo("retrieve");
        assertThat(all(retrieved.path("candidates"), "/metadata/type")).isNotEmpty().containsOnly("pdf");
        JsonNode first = json.path("citations").get(0).path("metadata");
        assertThat(first.path("modified").asText()).matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z");
        assertThat(first.path("page").asText()).isIn("1", "2");
    }

    @Test
    void oneKeyTwiceAllowsEitherDocument() throws IOException {
        Run r = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--json", "--filter", "source=comet-notes.txt",
                "--filter", "source=observatory-handbook.md", "How wide is the dome?");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(all(r.json().path("context").path("chunks"), "/source")).contains("observatory-handbook.md")
                .doesNotContain("spectrograph-guide.pdf");
        Run one = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--json", "--filter", "source=comet-notes.txt",
                "--filter", "type=txt", "How wide is the dome?");
        assertThat(one.status()).as(one.err()).isZero();
        assertThat(all(one.json().path("context").path("chunks"), "/source")).isNotEmpty().containsOnly("comet-notes.txt");
        assertThat(one.json().path("abstained").asBoolean()).as("the comet notes say nothing of the dome").isTrue();
        Run comet = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--json", "--filter", "source=comet-notes.txt",
                "--filter", "type=txt", "When does Halley's Comet return?");
        assertThat(all(comet.json().path("citations"), "/source")).isNotEmpty().containsOnly("comet-notes.txt");
    }

    @Test
    void prefilterEmbedsOnlyTheFirstPassesChunksPerQuestion() throws IOException {
        Run r = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--json", "--prefilter", "2", "When does Halley's Comet return?");
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode trace = r.json().path("trace");
        assertThat(all(trace.path("ingest"), "/name")).containsExactly("load", "chunk", "prefilter");
        JsonNode prefilter = null;
        for (JsonNode s : trace.path("stages")) {
            if (s.path("name").asText().equals("prefilter")) {
                prefilter = s;
            }
        }
        assertThat(prefilter).isNotNull();
        assertThat(prefilter.path("candidates")).hasSize(2);
        assertThat(all(r.json().path("citations"), "/source")).contains("comet-notes.txt");
        assertBad(run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--prefilter", "0", "q?"), "--prefilter must be at least 1");
        assertBad(run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--prefilter", "-3", "q?"), "--prefilter must be at least 1");
    }

    @Test
    void aMalformedFilterIsOneLineNamingIt() {
        assertBad(run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--filter", "year", "q?"), "--filter 'year' is not KEY=VALUE");
        assertBad(run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--filter", "=pdf", "q?"), "--filter '=pdf'");
        assertBad(run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--filter", "page>soon", "q?"),
                "--filter 'page>soon'");
        assertBad(run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--filter", "type=", "q?"), "--filter 'type='");
    }

    @Test
    void badInputsExitNonZeroWithOneClearLine() throws IOException {
        Files.writeString(dir.resolve("empty.txt"), "");
        Files.writeString(dir.resolve("table.csv"), "a,b");
        Files.write(dir.resolve("bin.txt"), new byte[] {1, 0, 2});
        assertBad(run("ask", "--model", "hashing", "--docs", dir.resolve("missing.md").toString(), "q?"), "no such file");
        assertBad(run("ask", "--model", "hashing", "--docs", dir.resolve("empty.txt").toString(), "q?"), "empty");
        assertBad(run("ask", "--model", "hashing", "--docs", dir.resolve("table.csv").toString(), "q?"), "unsupported file type");
        assertBad(run("ask", "--model", "hashing", "--docs", dir.resolve("bin.txt").toString(), "q?"), "binary");
        assertBad(run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", " "), "blank");
        assertBad(run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--budget", "0", "q?"), "budget");
        assertBad(run("ask", "--model", "nonsense", "--docs", "../rag-examples/samples", "q?"), "unknown embedder 'nonsense': use one of hashing, openai, tei, bge-small-q");
    }

    /** Files of a folder no loader reads: left out and counted in the trace, or, with --unsupported fail, exit 2. */
    @Test
    void filesNoLoaderReadsAreCountedOrFail() throws IOException {
        Path docs = Files.createDirectories(dir.resolve("mixed"));
        Files.writeString(docs.resolve("vega.txt"), "Vega is the brightest star in the constellation Lyra.");
        Files.writeString(docs.resolve("a.xyz"), "x");
        Files.writeString(docs.resolve("b.xyz"), "x");
        Files.writeString(docs.resolve("c.csv"), "a,b");
        Run r = run("ask", "--model", "hashing", "--docs", docs.toString(), "--json", "Where is Vega?");
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode load = null;
        for (JsonNode stage : r.json().path("trace").path("ingest")) {
            load = stage.path("name").asText().equals("load") ? stage : load;
        }
        assertThat(load).as(r.out()).isNotNull();
        assertThat(load.path("details").path("unsupported").toString()).isEqualTo("{\".xyz\":2,\".csv\":1}");
        assertBad(run("ask", "--model", "hashing", "--docs", docs.toString(), "--unsupported", "fail", "Where is Vega?"),
                "unsupported file type '.");
    }

    private static void assertBad(Run r, String message) {
        assertThat(r.status()).isEqualTo(AstroRagCommand.EXIT_ERROR);
        assertThat(r.err().strip()).contains(message).doesNotContain("\tat ").startsWith("astrorag: error:");
        assertThat(r.err().strip().lines()).hasSize(1);
    }

    @Test
    void verboseShowsTheStackTrace() {
        Run r = run("ask", "--verbose", "--model", "hashing", "--docs", "nope.txt", "q?");
        assertThat(r.status()).isEqualTo(AstroRagCommand.EXIT_ERROR);
        assertThat(r.err()).contains("\tat ");
    }

    @Test
    void helpExplainsEveryOption() {
        Run r = run("ask", "--help");
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("--docs").contains("--budget").contains("--json").contains("--preset").contains("--option")
                .contains("--filter").contains("--retriever");
        assertThat(r.out().replaceAll("\\s+", " ")).contains("--retriever=PART", "dense, bm25, rrf, weighted, mmr",
                "--reranker=PART", "pagerank, embedding, bm25", "--preset=PRESET", "default, corag, astrorag, corag-paper, naive");
    }

    @Test
    void retrieverNamesTheFusionAsTheLibraryDoes() throws IOException {
        Map<String, String> fusionOf = Map.of("rrf", "rrf", "weighted", "weighted", "dense", "", "bm25", "");
        Map<String, String> nameOf = Map.of("rrf", "hybrid", "weighted", "hybrid", "dense", "dense", "bm25", "bm25");
        for (String kind : fusionOf.keySet()) {
            Run r = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--preset", "naive", "--retriever", kind, "--json", "Q?");
            assertThat(r.status()).as(kind + ": " + r.err()).isZero();
            JsonNode retriever = r.json().path("trace").path("config").path("retriever");
            assertThat(retriever.path("name").asText()).as(kind).isEqualTo(nameOf.get(kind));
            assertThat(retriever.path("fusion").asText()).as(kind).isEqualTo(fusionOf.get(kind));
        }
        // naming the default preset's own retriever keeps the preset's BM25 weight; a setting given replaces it
        JsonNode weighted = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--retriever", "weighted", "--json", "Q?").json();
        assertThat(weighted.path("trace").path("config").path("retriever").path("bm25Weight").asDouble())
                .isEqualTo(io.github.astrorag.presets.AstroRag.RECOMMENDED_BM25_WEIGHT);
        JsonNode given = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--retriever",
                "weighted:bm25-weight=0.2", "--json", "Q?").json();
        assertThat(given.path("trace").path("config").path("retriever").path("bm25Weight").asDouble()).isEqualTo(0.2);
        JsonNode naive = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--preset", "naive",
                "--retriever", "weighted", "--json", "Q?").json();
        assertThat(naive.path("trace").path("config").path("retriever").path("bm25Weight").asDouble())
                .isEqualTo(io.github.astrorag.retrieval.hybrid.HybridRetriever.DEFAULT_BM25_WEIGHT);
    }

    @Test
    void anUnknownRetrieverListsTheKnownOnes() {
        Run r = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--retriever", "hybrid", "Q?");
        assertThat(r.status()).isNotZero();
        assertThat(r.err()).contains("--retriever", "unknown retriever 'hybrid'", "dense, bm25, rrf, weighted, mmr");
    }

    @Test
    void theFilterOptionTakesNotEqualRangesOrAndNot() throws IOException {
        assertThat(AskCommand.filter(List.of("type=pdf", "type=md", "page>=2")))
                .isEqualTo(MetadataFilter.where("type").in("pdf", "md").and(MetadataFilter.where("page").atLeast("2")));
        assertThat(AskCommand.filter(List.of("type != pdf", "page<3", "page<=2", "page>1")))
                .isEqualTo(MetadataFilter.where("type").isNot("pdf").and("page").lessThan("3").and("page").atMost("2")
                        .and("page").greaterThan("1"));
        assertThat(AskCommand.filter(List.of("type=pdf|source=comet-notes.txt")))
                .isEqualTo(MetadataFilter.where("type").is("pdf").or(MetadataFilter.where("source").is("comet-notes.txt")));
        assertThat(AskCommand.filter(List.of("!type=pdf")))
                .isEqualTo(MetadataFilter.not(MetadataFilter.where("type").is("pdf")));
        Run notPdf = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--json", "--filter", "type!=pdf",
                "How wide is the slit?");
        assertThat(notPdf.status()).as(notPdf.err()).isZero();
        assertThat(all(notPdf.json().path("context").path("chunks"), "/source")).isNotEmpty()
                .noneMatch(source -> source.endsWith(".pdf"));
        Run pages = run("ask", "--model", "hashing", "--docs", "../rag-examples/samples", "--json", "--filter", "page>=2",
                "How wide is the slit?");
        assertThat(pages.status()).as(pages.err()).isZero();
        assertThat(all(pages.json().path("context").path("chunks"), "/page")).isNotEmpty().allMatch(p -> Integer.parseInt(p) >= 2);
    }
}
