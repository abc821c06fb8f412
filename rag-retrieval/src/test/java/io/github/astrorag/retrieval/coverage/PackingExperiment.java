package io.github.astrorag.retrieval.coverage;

import io.github.astrorag.core.eval.RetrievalMetrics;
import io.github.astrorag.core.eval.SquadMetrics;
import io.github.astrorag.core.model.Chunk;
import io.github.astrorag.core.model.Context;
import io.github.astrorag.core.model.ScoredChunk;
import io.github.astrorag.core.spi.ContextSelector;
import io.github.astrorag.core.text.Sentences;
import io.github.astrorag.core.text.Terms;
import io.github.astrorag.core.token.TokenCounter;
import io.github.astrorag.mcts.MctsContextSelector;
import io.github.astrorag.retrieval.embed.SentenceModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/** Scratch: sentence packing variants. */
public final class PackingExperiment {

    static final TokenCounter COUNTER = TokenCounter.p50k();

    public static void main(String[] args) throws Exception {
        BridgingExperiment.Data d = BridgingExperiment.load(SentenceModel.byId(args.length > 0 ? args[0] : "bge-small-q"));
        Map<String, ContextSelector> sel = new LinkedHashMap<>();
        sel.put("default", BridgingCoverageSelector.defaults());
        sel.put("default, τq = ρ = 0", BridgingCoverageSelector.builder().questionTitleWeight(0).pageRankWeight(0).build());
        sel.put("corag-evidence", MctsContextSelector.builder().scorer(EvidenceCoverageScorer.defaults()).fill(true)
                .executor(Runnable::run).build());
        Map<String, BiFunction<BridgingExperiment.Item, List<ScoredChunk>, List<ScoredChunk>>> packs = new LinkedHashMap<>();
        packs.put("whole", (it, c) -> c);
        packs.put("packed", (it, c) -> pack(it, c, true, true));
        System.out.printf(Locale.ROOT, "%-34s %7s %7s %7s %7s %6s %5s | %7s %7s %7s | %s%n", "variant", "full", "ans", "span", "prec", "docs", "tok",
                "SQfull", "SQspan", "SQprec", "folds full/prec");
        for (var s : sel.entrySet()) {
            for (var p : packs.entrySet()) {
                double[] h = run(s.getValue(), p.getValue(), d.hotpot());
                double[] q = run(s.getValue(), p.getValue(), d.squad());
                List<BridgingExperiment.Item> even = new ArrayList<>();
                List<BridgingExperiment.Item> odd = new ArrayList<>();
                for (int i = 0; i < d.hotpot().size(); i++) {
                    (i % 2 == 0 ? even : odd).add(d.hotpot().get(i));
                }
                double[] e = run(s.getValue(), p.getValue(), even);
                double[] o = run(s.getValue(), p.getValue(), odd);
                System.out.printf(Locale.ROOT, "%-34s %6.1f%% %6.1f%% %6.1f%% %7.3f %6.2f %5.0f | %6.1f%% %6.1f%% %7.3f | %.1f/%.3f %.1f/%.3f%n",
                        s.getKey() + " / " + p.getKey(), h[0], h[1], h[2], h[3], h[4], h[5], q[0], q[2], q[3], e[0], e[3], o[0], o[3]);
            }
        }
    }

    static List<ScoredChunk> pack(BridgingExperiment.Item it, List<ScoredChunk> candidates, boolean titles, boolean lead) {
        Set<String> q = new HashSet<>(Terms.of(it.question()));
        List<ScoredChunk> out = new ArrayList<>();
        for (ScoredChunk c : candidates) {
            String text = c.chunk().text();
            StringBuilder kept = new StringBuilder();
            List<Sentences.Span> spans = Sentences.split(text);
            for (int i = 0; i < spans.size(); i++) {
                Sentences.Span s = spans.get(i);
                boolean keep = lead && i == 0 && c.chunk().ordinal() == 0;
                if (!keep) {
                    for (String t : Terms.of(s.text())) {
                        if (q.contains(t)) {
                            keep = true;
                            break;
                        }
                    }
                }
                if (!keep && titles) {
                    String lower = s.text().toLowerCase(Locale.ROOT);
                    for (ScoredChunk o : candidates) {
                        String title = o.chunk().title().strip().toLowerCase(Locale.ROOT);
                        if (!o.chunk().documentId().equals(c.chunk().documentId()) && title.length() >= 3
                                && CoverageObjective.containsWords(lower, title)) {
                            keep = true;
                            break;
                        }
                    }
                }
                if (keep) {
                    if (kept.length() > 0) {
                        kept.append(' ');
                    }
                    kept.append(s.text());
                }
            }
            String t = kept.length() == 0 ? spans.isEmpty() ? text : spans.get(0).text() : kept.toString();
            Chunk ch = c.chunk();
            out.add(c.withChunk(new Chunk(ch.id(), ch.documentId(), ch.title(), ch.source(), ch.page(), ch.ordinal(), t,
                    COUNTER.count(t), ch.start(), ch.end())));
        }
        return out;
    }

    static double[] run(ContextSelector selector, BiFunction<BridgingExperiment.Item, List<ScoredChunk>, List<ScoredChunk>> pack,
                        List<BridgingExperiment.Item> items) {
        double full = 0, ans = 0, span = 0, prec = 0, docs = 0, tok = 0;
        int spans = 0;
        for (BridgingExperiment.Item it : items) {
            Context c = selector.select(it.query(), pack.apply(it, it.candidates()), BridgingExperiment.BUDGET);
            Map<String, Integer> byDoc = new HashMap<>();
            for (ScoredChunk s : c.chunks()) {
                byDoc.merge(s.chunk().documentId(), COUNTER.count(s.chunk().text()), Integer::sum);
            }
            full += RetrievalMetrics.fullSupport(byDoc.keySet(), it.supporting());
            prec += RetrievalMetrics.supportPrecision(byDoc, it.supporting());
            double a = SquadMetrics.answerInContext(c.text(), it.answers());
            ans += a;
            boolean yesNo = it.answers().stream().allMatch(x -> x.equalsIgnoreCase("yes") || x.equalsIgnoreCase("no"));
            if (!yesNo) {
                spans++;
                span += a;
            }
            docs += byDoc.size();
            tok += c.tokens();
        }
        int n = items.size();
        return new double[] {100 * full / n, 100 * ans / n, 100 * span / spans, prec / n, docs / n, tok / n};
    }
}
