/**
 * Language detection without a model ({@link io.github.astrorag.core.language.ScriptLanguageDetector}): the
 * language of each document and question, by the scripts of its letters.
 */
package io.github.astrorag.core.language;
