/**
 * Parts by name: the one registry through which code, configuration files and the command line pick a retriever, a
 * reranker, a selector, a combination scorer, a generator, an embedder, a loader or a whole preset by a name and a
 * map of settings.
 *
 * <p>The grammar of a part is one line, {@code name[:key=value[,key=value]...]}, for example
 * {@code weighted:bm25-weight=0.5} or {@code mmr:k=5,lambda=0.7} ({@link io.github.astrorag.core.part.PartSpec}).
 * Every part declares its settings with their kinds, defaults and limits
 * ({@link io.github.astrorag.core.part.Setting}); a name or a setting that does not exist is refused with the list of
 * those that do. A jar adds parts by implementing {@link io.github.astrorag.core.part.PartProvider} and naming the
 * class in {@code META-INF/services/io.github.astrorag.core.part.PartProvider}: the JDK's
 * {@link java.util.ServiceLoader} finds it, and its parts become usable from the command line, the evaluation and the
 * Spring Boot properties without a change to this library (the pattern of Lucene's
 * {@code TokenizerFactory.forName(name, args)}).
 */
@NullMarked
package io.github.astrorag.core.part;

import org.jspecify.annotations.NullMarked;
