package io.github.astrorag.mcts.agent;

import io.github.astrorag.core.internal.json.Json;
import io.github.astrorag.core.internal.json.JsonValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The configuration agent's file format, version {@value ConfigAgent#VERSION}: UTF-8 JSON, pretty-printed,
 * members in the order {@code format}, {@code version}, {@code inputDimension}, {@code scorers} (read also as
 * {@code rerankers}, its name in files written before),
 * {@code layers} (the three encoder layers), {@code classifier}, {@code regressor}, {@code targetMin},
 * {@code targetMax}, {@code training}; a layer is {@code {"in", "out", "weights" (row-major, out × in),
 * "bias"}}. Reading checks every shape and number and fails with an {@link AgentModelException} that names
 * the file. Stateless.
 */
final class ConfigAgentFile {

    private ConfigAgentFile() {
    }

    static void write(ConfigAgent agent, Path file) {
        SiameseAgentNetwork net = agent.network();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("format", ConfigAgent.FORMAT);
        m.put("version", ConfigAgent.VERSION);
        m.put("inputDimension", net.inputDimension);
        m.put("scorers", net.scorers);
        List<Object> layers = new ArrayList<>();
        for (DenseLayer l : net.encoder) {
            layers.add(layerJson(l));
        }
        m.put("layers", layers);
        m.put("classifier", layerJson(net.classifier));
        m.put("regressor", layerJson(net.regressor));
        m.put("targetMin", net.targetMin);
        m.put("targetMax", net.targetMax);
        m.put("training", agent.training());
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, Json.pretty(m));
        } catch (IOException e) {
            throw new AgentModelException("cannot write the configuration agent to " + file + ": " + e.getMessage(), e);
        }
    }

    private static Map<String, Object> layerJson(DenseLayer l) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("in", l.in);
        m.put("out", l.out);
        m.put("weights", l.w);
        m.put("bias", l.b);
        return m;
    }

    static ConfigAgent read(Path file) {
        JsonValue root;
        try {
            root = Json.parse(Files.readString(file));
        } catch (IOException | IllegalArgumentException e) {
            throw new AgentModelException("cannot read configuration agent file " + file + ": " + e.getMessage(), e);
        }
        Reader r = new Reader(file);
        r.require(root.isObject(), "not a JSON object");
        r.require(ConfigAgent.FORMAT.equals(root.path("format").asText()), "format is not \"" + ConfigAgent.FORMAT + "\"");
        r.require(root.path("version").asInt(-1) == ConfigAgent.VERSION,
                "version " + root.path("version") + " is not " + ConfigAgent.VERSION);
        int d = r.positive(root, "inputDimension");
        List<String> names = new ArrayList<>();
        // "rerankers": the earlier name of the same list, in files written before it was renamed
        JsonValue listed = root.path("scorers").isMissing() ? root.path("rerankers") : root.path("scorers");
        listed.forEach(n -> names.add(n.asText()));
        r.require(!names.isEmpty() && names.stream().allMatch(s -> !s.isBlank()), "\"scorers\" must list at least one name");
        JsonValue layers = root.path("layers");
        r.require(layers.isArray() && layers.size() == 3, "\"layers\" must hold 3 layers");
        DenseLayer[] encoder = new DenseLayer[3];
        int in = d;
        for (int i = 0; i < 3; i++) {
            encoder[i] = r.layer(layers.path(i), "layers[" + i + "]", in, -1);
            in = encoder[i].out;
        }
        int settings = SiameseAgentNetwork.SETTINGS;
        DenseLayer classifier = r.layer(root.path("classifier"), "classifier", in, names.size());
        DenseLayer regressor = r.layer(root.path("regressor"), "regressor", in, settings);
        double[] min = r.doubles(root.path("targetMin"), "targetMin", settings);
        double[] max = r.doubles(root.path("targetMax"), "targetMax", settings);
        for (int k = 0; k < settings; k++) {
            r.require(min[k] <= max[k] && min[k] >= 0, "targetMin must be non-negative and not above targetMax");
        }
        r.require(min[0] >= 1, "the iterations range must start at 1 or more");
        Map<String, Object> training = new LinkedHashMap<>();
        root.path("training").members().forEach((k, v) -> training.put(k, v.toJava()));
        return new ConfigAgent(new SiameseAgentNetwork(d, names, encoder, classifier, regressor, min, max), training);
    }

    /** Validation while loading, with messages that name the file. */
    private record Reader(Path file) {
        void require(boolean ok, String problem) {
            if (!ok) {
                throw new AgentModelException("bad configuration agent file " + file + ": " + problem);
            }
        }

        int positive(JsonValue node, String field) {
            JsonValue v = node.path(field);
            require(v.asInt(0) >= 1, "\"" + field + "\" must be a positive integer");
            return v.asInt(0);
        }

        double[] doubles(JsonValue node, String field, int expected) {
            require(node.isArray() && node.size() == expected, "\"" + field + "\" must hold " + expected + " numbers");
            double[] out = new double[expected];
            for (int i = 0; i < expected; i++) {
                require(node.path(i).isNumber() && Double.isFinite(node.path(i).doubleValue()), "\"" + field + "\" holds a non-number");
                out[i] = node.path(i).doubleValue();
            }
            return out;
        }

        DenseLayer layer(JsonValue node, String name, int in, int out) {
            require(node.isObject(), "\"" + name + "\" is missing");
            require(node.path("in").asInt(-1) == in, "\"" + name + "\" must take " + in + " inputs");
            int o = positive(node, "out");
            require(out < 0 || o == out, "\"" + name + "\" must have " + out + " outputs");
            return new DenseLayer(in, o, doubles(node.path("weights"), name + ".weights", in * o), doubles(node.path("bias"), name + ".bias", o));
        }
    }
}
