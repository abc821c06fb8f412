/**
 * Ephemeral indices in memory: {@link InMemoryEphemeralIndex} (exact cosine search, O(n · dimension) per query)
 * and its factory, on top of {@link AbstractEphemeralIndex}, which checks input, normalises vectors and handles
 * locking and closing for any implementation.
 */
package io.github.astrorag.core.index;
