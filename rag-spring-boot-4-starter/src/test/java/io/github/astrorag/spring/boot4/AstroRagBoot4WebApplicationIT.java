package io.github.astrorag.spring.boot4;

import io.github.astrorag.spring.boot.webapp.AstroRagWebApplication;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * A real Spring Boot 4 web application with this starter, Actuator and its default preset (the embedded ONNX model, no
 * download): started on a random loopback port over the sample documents loaded in the background, its readiness and
 * health read while they load (out of service) and once loaded, asked over HTTP, its metrics read, then stopped; its log has neither DJL's CUDA warning nor PDFBox's font fallback warning
 * ({@link AstroRagWebApplication#answersOverHttpWithHealthAndMetricsAndAQuietLog}).
 */
@ExtendWith(OutputCaptureExtension.class)
class AstroRagBoot4WebApplicationIT {

    @Test
    void answersOverHttpWithHealthAndMetricsAndAQuietLog(@TempDir Path dir, CapturedOutput log) throws Exception {
        AstroRagWebApplication.answersOverHttpWithHealthAndMetricsAndAQuietLog(dir, log);
    }
}
