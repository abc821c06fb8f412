package io.github.astrorag.core.internal;

import java.util.Arrays;

/** A growable list of ints, without boxing (offsets, token ids). Not thread-safe. */
public final class IntList {
    private int[] values;
    private int size;

    /** An empty list of the default capacity. */
    public IntList() {
        this(16);
    }

    /**
     * An empty list.
     *
     * @param capacity the values it holds before it grows (at least 8 are made room for)
     */
    public IntList(int capacity) {
        values = new int[Math.max(capacity, 8)];
    }

    /**
     * Appends a value. Amortised O(1).
     *
     * @param v the value
     */
    public void add(int v) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = v;
    }

    /**
     * The value at an index.
     *
     * @param i an index below {@link #size()}
     * @return the value
     */
    public int get(int i) {
        return values[i];
    }

    /**
     * How many values it holds.
     *
     * @return the size
     */
    public int size() {
        return size;
    }

    /**
     * Whether it holds no value.
     *
     * @return {@code size() == 0}
     */
    public boolean isEmpty() {
        return size == 0;
    }

    /** Removes every value. */
    public void clear() {
        size = 0;
    }

    /**
     * Keeps the first {@code n} values.
     *
     * @param n at most {@link #size()}
     */
    public void truncate(int n) {
        size = n;
    }

    /**
     * The values.
     *
     * @return a new array of {@link #size()} values
     */
    public int[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
