/**
 * Sentence embeddings on the JVM, offline: {@link io.github.astrorag.onnx.OnnxSentenceEmbedder}
 * runs a Sentence-BERT encoder exported to ONNX with DJL's OnnxRuntime engine;
 * {@link io.github.astrorag.onnx.WordPieceTokenizer} is its BERT WordPiece tokenizer in plain Java,
 * read from a Hugging Face {@code tokenizer.json}; {@link io.github.astrorag.onnx.SentenceModel} lists the models that come as
 * Maven dependencies; {@link io.github.astrorag.onnx.Pooling} turns token states into one
 * vector.
 */
package io.github.astrorag.onnx;
