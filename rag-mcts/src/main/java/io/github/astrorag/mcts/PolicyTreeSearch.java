package io.github.astrorag.mcts;

import io.github.astrorag.core.model.ScoredChunk;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One Monte Carlo Tree Search over CORAG's policy tree (Wang et al., 2024, §4), as
 * {@link MctsContextSelector} states it: selection by U(v) = V(v) + c·sqrt(ln N(parent) / N(v)) −
 * λ·cost(v)/B with unvisited children first, parallel expansion of all the children that fit (one batch
 * through the {@link SearchSpace}), back-propagation of the best child's score, exhaustion of dead ends;
 * then {@link #best()}, the scored node of highest S(v) − λ·cost(v)/B. Holds the tree and its counters;
 * one instance per selection, used by one thread (only the scorer's batches may run elsewhere).
 */
final class PolicyTreeSearch {

    private final SearchSpace space;
    private final int iterations;
    private final double exploration;
    private final double costWeight;
    private final long seed;
    private final Node root = new Node(null, List.of(), 0, 0);
    private final List<Node> scored = new ArrayList<>();
    private int iterationsRun;
    private int expanded;
    private int created = 1;

    PolicyTreeSearch(SearchSpace space, int iterations, double exploration, double costWeight, long seed) {
        this.space = space;
        this.iterations = iterations;
        this.exploration = exploration;
        this.costWeight = costWeight;
        this.seed = seed;
    }

    /** The iterations that expanded a node (those that found a dead end by a token count do not count). */
    int iterationsRun() {
        return iterationsRun;
    }

    /** The nodes expanded. */
    int expanded() {
        return expanded;
    }

    /** The nodes created, the root included. */
    int created() {
        return created;
    }

    /** Runs the iterations, or fewer when the whole tree is exhausted; once per instance. */
    void run() {
        while (iterationsRun < iterations && !root.exhausted) {
            Node leaf = descend();
            if (leaf == null) {
                break;
            }
            List<List<ScoredChunk>> childPaths = new ArrayList<>();
            for (ScoredChunk c : space.candidates()) {
                if (!leaf.contains(c)) {
                    List<ScoredChunk> p = new ArrayList<>(leaf.path);
                    p.add(c);
                    if (space.fits(p)) {
                        childPaths.add(p);
                    }
                }
            }
            leaf.expanded = true;
            if (childPaths.isEmpty()) {
                leaf.markExhausted();
                continue; // no scorer call, no iteration: only a token count found a dead end
            }
            double[] scores = space.score(childPaths);
            double reward = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < childPaths.size(); i++) {
                List<ScoredChunk> p = childPaths.get(i);
                Node child = new Node(leaf, p, scores[i], space.cost(p));
                leaf.children.add(child);
                scored.add(child);
                reward = Math.max(reward, scores[i]);
            }
            created += childPaths.size();
            expanded++;
            for (Node n = leaf; n != null; n = n.parent) {
                n.visits++;
                n.rewardSum += reward;
            }
            iterationsRun++;
        }
    }

    /** The first unexpanded node on the path of highest utility, or null when the tree is exhausted. */
    private Node descend() {
        Node node = root;
        while (node.expanded) {
            Node next = null;
            double nextUtility = Double.NEGATIVE_INFINITY;
            for (Node child : node.children) {
                if (child.exhausted) {
                    continue;
                }
                double u = utility(child, node);
                if (next == null || u > nextUtility || (u == nextUtility && tieBefore(child, next))) {
                    next = child;
                    nextUtility = u;
                }
            }
            if (next == null) {
                node.markExhausted();
                if (root.exhausted) {
                    return null;
                }
                node = root;
                continue;
            }
            node = next;
        }
        return node;
    }

    private double utility(Node child, Node parent) {
        if (child.visits == 0) {
            return Double.POSITIVE_INFINITY;
        }
        double value = (child.score + child.rewardSum) / (1 + child.visits);
        return value + exploration * Math.sqrt(Math.log(parent.visits) / child.visits)
                - costWeight * child.cost / space.budget();
    }

    /** Exact ties: better objective first, then the seeded rank, then chunk id. */
    private boolean tieBefore(Node a, Node b) {
        int byObjective = Double.compare(space.objective(a.score, a.cost), space.objective(b.score, b.cost));
        if (byObjective != 0) {
            return byObjective > 0;
        }
        int byRank = Long.compare(rank(a.last()), rank(b.last()));
        return byRank != 0 ? byRank < 0 : a.last().id().compareTo(b.last().id()) < 0;
    }

    private long rank(ScoredChunk c) {
        long h = seed ^ (c.id().hashCode() * 0x9E3779B97F4A7C15L);
        h = (h ^ (h >>> 33)) * 0xff51afd7ed558ccdL;
        return h ^ (h >>> 33);
    }

    /** The best node by objective among all scored nodes, or null when none exists. */
    Node best() {
        Comparator<Node> order = Comparator.<Node>comparingDouble(n -> -space.objective(n.score, n.cost))
                .thenComparingInt(n -> n.cost)
                .thenComparingInt(n -> n.path.size())
                .thenComparing(n -> SearchSpace.key(n.path));
        return scored.stream().min(order).orElse(null);
    }

    /** A policy-tree node: an ordered combination. */
    static final class Node {
        final Node parent;
        final List<ScoredChunk> path;
        final double score;
        final int cost;
        final List<Node> children = new ArrayList<>();
        int visits;
        double rewardSum;
        boolean expanded;
        boolean exhausted;

        Node(Node parent, List<ScoredChunk> path, double score, int cost) {
            this.parent = parent;
            this.path = List.copyOf(path);
            this.score = score;
            this.cost = cost;
        }

        boolean contains(ScoredChunk c) {
            for (ScoredChunk p : path) {
                if (p.id().equals(c.id())) {
                    return true;
                }
            }
            return false;
        }

        ScoredChunk last() {
            return path.get(path.size() - 1);
        }

        void markExhausted() {
            exhausted = true;
            Node p = parent;
            while (p != null && p.expanded && p.children.stream().allMatch(ch -> ch.exhausted)) {
                p.exhausted = true;
                p = p.parent;
            }
        }
    }
}
