package io.github.astrorag.spring.boot.webapp;

import io.github.astrorag.core.model.Trace;
import io.github.astrorag.core.pipeline.RagInstance;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.metrics.buffering.BufferingApplicationStartup;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.metrics.StartupStep;

/**
 * Where a start of {@link AstroRagWebApplication} goes (issue 33, row 10), for {@code scripts/starter-startup.sh}:
 * starts the web application over {@code docs} with the SQLite embedding cache in {@code cacheDir}, prints one line
 * of seconds (JVM start to ready; the JVM until {@code main}; the pipeline bean, which loads the model; the
 * ingest of the instance, cache hits of chunks; the rest, which is Spring Boot, the web server and Actuator), then
 * stops. Run it twice with the same {@code cacheDir} for a cold and a warm cache, each in a fresh JVM.
 */
public final class StartupTimes {

    private StartupTimes() {
    }

    /**
     * Starts, measures, prints and stops.
     *
     * @param args the documents folder, the embedding cache's folder, and a label for the line
     */
    public static void main(String[] args) {
        if (args.length != 3) {
            throw new IllegalArgumentException("usage: StartupTimes <docs folder> <cache folder> <label>");
        }
        double toMain = ManagementFactory.getRuntimeMXBean().getUptime() / 1000.0;
        BufferingApplicationStartup startup = new BufferingApplicationStartup(20_000);
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(AstroRagWebApplication.class)
                .main(AstroRagWebApplication.class).applicationStartup(startup)
                .properties("server.port=0", "server.address=127.0.0.1", "spring.main.banner-mode=off",
                        "astrorag.docs=" + Path.of(args[0]).toAbsolutePath(),
                        "astrorag.embedding-cache.dir=" + Path.of(args[1]).toAbsolutePath(),
                        "management.endpoints.web.exposure.include=health,metrics")
                .run()) {
            double ready = ManagementFactory.getRuntimeMXBean().getUptime() / 1000.0;
            double pipeline = beanSeconds(startup, "astroRagPipeline");
            RagInstance instance = context.getBean(RagInstance.class);
            double ingest = instance.ingestMillis() / 1000.0;
            Map<String, Object> embed = instance.ingestStages().stream().filter(s -> s.name().equals("embed"))
                    .map(Trace.Stage::details).findFirst().orElse(Map.of());
            System.out.printf(Locale.ROOT, "%s: ready %.2f s = JVM to main %.2f + pipeline bean (model) %.2f + ingest"
                            + " %.2f (%s chunks, %s cache hits) + Spring Boot, web server, Actuator %.2f%n", args[2],
                    ready, toMain, pipeline, ingest, embed.get("texts"), embed.get("cacheHits"),
                    ready - toMain - pipeline - ingest);
            if (Boolean.getBoolean("startup.steps")) {
                startup.getBufferedTimeline().getEvents().stream()
                        .sorted((a, b) -> b.getDuration().compareTo(a.getDuration())).limit(25)
                        .forEach(e -> System.out.printf(Locale.ROOT, "  %.2f s %s %s%n", e.getDuration().toNanos() / 1e9,
                                e.getStartupStep().getName(), e.getStartupStep().getTags().iterator().hasNext()
                                        ? e.getStartupStep().getTags().iterator().next().getValue() : ""));
            }
        }
    }

    /** The seconds of the instantiation step of the bean {@code name} (its dependencies' steps excluded). */
    private static double beanSeconds(BufferingApplicationStartup startup, String name) {
        return startup.getBufferedTimeline().getEvents().stream()
                .filter(e -> e.getStartupStep().getName().equals("spring.beans.instantiate"))
                .filter(e -> {
                    for (StartupStep.Tag tag : e.getStartupStep().getTags()) {
                        if (tag.getKey().equals("beanName") && tag.getValue().equals(name)) {
                            return true;
                        }
                    }
                    return false;
                })
                .mapToDouble(e -> e.getDuration().toNanos() / 1e9).findFirst().orElse(0);
    }
}
