package io.github.astrorag.core.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContextTest {

    @Test
    void detailsKeepTheOrderGivenSoThatSerialisedContextsAreTheSameBytesOnEveryRun() {
        Map<String, Object> details = new LinkedHashMap<>();
        List<String> keys = new ArrayList<>();
        for (String k : "zeta alpha mu beta omega gamma kappa delta pi epsilon sigma eta".split(" ")) {
            details.put(k, k.length());
            keys.add(k);
        }
        Context c = new Context(List.of(), "", 0, 10, details);
        assertThat(new ArrayList<>(c.details().keySet())).isEqualTo(keys);
        List<String> more = new ArrayList<>(keys);
        more.add("trace");
        assertThat(new ArrayList<>(c.withDetails(Map.of("trace", 1)).details().keySet())).isEqualTo(more);
    }
}
