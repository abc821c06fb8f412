package io.github.astrorag.retrieval.embed;

import java.util.Arrays;

/** A growable int array (a text's token ids while it is encoded). Not thread-safe. */
final class IntList {
    private int[] a;
    private int size;

    IntList(int capacity) {
        a = new int[Math.max(capacity, 8)];
    }

    void add(int v) {
        if (size == a.length) {
            a = Arrays.copyOf(a, size * 2);
        }
        a[size++] = v;
    }

    int get(int i) {
        return a[i];
    }

    int size() {
        return size;
    }

    void truncate(int n) {
        size = n;
    }
}
