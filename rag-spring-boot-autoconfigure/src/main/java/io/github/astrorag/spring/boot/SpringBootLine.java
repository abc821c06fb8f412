package io.github.astrorag.spring.boot;

import java.util.Objects;
import org.springframework.util.ClassUtils;

/**
 * The two Spring Boot lines this library has a starter for, told apart by a class only Boot 4 has
 * ({@value #BOOT_4_ONLY_CLASS}, moved there from {@code org.springframework.boot.env} in 4.0).
 */
public enum SpringBootLine {
    /** Spring Boot 3.x: {@code rag-spring-boot-starter}. */
    BOOT_3(3, "rag-spring-boot-starter"),
    /** Spring Boot 4.x: {@code rag-spring-boot-4-starter}. */
    BOOT_4(4, "rag-spring-boot-4-starter");

    /** A class in Spring Boot 4's {@code spring-boot} jar that Spring Boot 3 lacks. */
    public static final String BOOT_4_ONLY_CLASS = "org.springframework.boot.EnvironmentPostProcessor";

    private final int major;
    private final String artifact;

    SpringBootLine(int major, String artifact) {
        this.major = major;
        this.artifact = artifact;
    }

    /**
     * The major version.
     *
     * @return 3 or 4
     */
    public int major() {
        return major;
    }

    /**
     * The artifact id of this library's starter for this line (group {@code io.github.astrorag}).
     *
     * @return the artifact id
     */
    public String artifact() {
        return artifact;
    }

    /**
     * The line whose classes {@code loader} sees. Cost: one class look-up.
     *
     * @param loader the application's class loader
     * @return {@link #BOOT_4} when {@value #BOOT_4_ONLY_CLASS} is there, else {@link #BOOT_3}
     */
    public static SpringBootLine of(ClassLoader loader) {
        Objects.requireNonNull(loader, "loader");
        return ClassUtils.isPresent(BOOT_4_ONLY_CLASS, loader) ? BOOT_4 : BOOT_3;
    }

    /**
     * Fails unless {@code loader} sees this line: each starter's guard calls it at start-up.
     *
     * @param loader the application's class loader
     * @throws WrongSpringBootLineException naming the starter to use, when the application runs the other line
     */
    public void require(ClassLoader loader) {
        SpringBootLine found = of(loader);
        if (found != this) {
            throw new WrongSpringBootLineException(this, found);
        }
    }
}
