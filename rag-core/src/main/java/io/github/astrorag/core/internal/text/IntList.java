package io.github.astrorag.core.internal.text;

import java.util.Arrays;

/** A growable list of ints, without boxing. Not thread-safe. */
final class IntList {
    private int[] values = new int[16];
    private int size;

    void add(int v) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = v;
    }

    int get(int i) {
        return values[i];
    }

    boolean isEmpty() {
        return size == 0;
    }

    void clear() {
        size = 0;
    }

    int[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
