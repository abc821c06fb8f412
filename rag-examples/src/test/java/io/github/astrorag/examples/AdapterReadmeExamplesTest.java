package io.github.astrorag.examples;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's LangChain4j and Spring AI examples compile as written (their blocks are class members). */
class AdapterReadmeExamplesTest {

    @Test
    void theLangChain4jExampleCompiles(@TempDir Path dir) throws Exception {
        ReadmeJava.Block block = ReadmeJava.block("### LangChain4j (`rag-langchain4j`");
        ReadmeJava.compile(dir, "LangChain4jExample", block.imports(), block.body());
    }

    @Test
    void theSpringAiExampleCompiles(@TempDir Path dir) throws Exception {
        ReadmeJava.Block block = ReadmeJava.block("### Spring AI (`rag-spring-ai`");
        ReadmeJava.compile(dir, "SpringAiExample", block.imports(), block.body());
    }
}
