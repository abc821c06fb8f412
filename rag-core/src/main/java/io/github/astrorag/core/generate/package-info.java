/**
 * Answer generation: the offline {@link ExtractiveGenerator}, which quotes the best sentences of the context,
 * and server-backed generators for OpenAI-compatible APIs ({@link OpenAiCompatibleGenerator}) and TGI ({@link
 * TgiGenerator}), sharing {@link HttpLlmGenerator}. {@link PromptTemplate} renders the prompt; {@link
 * CitationParser} and {@link ChoiceParser} read the reply.
 */
package io.github.astrorag.core.generate;
