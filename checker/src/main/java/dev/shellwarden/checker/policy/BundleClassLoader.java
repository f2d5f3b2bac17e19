package dev.shellwarden.checker.policy;

import java.util.Map;

/**
 * Defines a policy bundle's classes from bytes already in memory (the bytes whose sha256 was
 * checked), never from the file again, so what runs is exactly what was verified.
 *
 * <p>INVARIANT: parent first. A bundle class can never replace a class of the executable (the
 * fact classes, Drools); {@code compile} refuses author packages under {@code dev.shellwarden}.
 */
final class BundleClassLoader extends ClassLoader {

    static {
        registerAsParallelCapable();
    }

    private final Map<String, byte[]> classes;

    /** A loader for {@code classes} (binary name to class file bytes) on top of {@code parent}. */
    BundleClassLoader(Map<String, byte[]> classes, ClassLoader parent) {
        super("shell-warden-policy", parent);
        this.classes = Map.copyOf(classes);
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        byte[] bytes = classes.get(name);
        if (bytes == null) {
            throw new ClassNotFoundException(name);
        }
        return defineClass(name, bytes, 0, bytes.length);
    }
}
