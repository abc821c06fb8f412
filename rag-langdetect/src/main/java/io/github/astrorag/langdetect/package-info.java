/**
 * Language detection with a maintained model: {@link io.github.astrorag.langdetect.OpenNlpLanguageDetector}, the
 * Unicode scripts first and Apache OpenNLP's language model for Latin-script text, registered as the language
 * detector {@code opennlp} ({@code --language-detector opennlp}, {@code astrorag.language-detector=opennlp}).
 */
package io.github.astrorag.langdetect;
