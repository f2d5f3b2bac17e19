package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TempFilesTest {

    private static String path(String value) {
        return TempFiles.mktempPath(value, name -> null);
    }

    @Test
    void mktempNamesAFreshPathInATemporaryDirectory() {
        assertEquals("/tmp/tmp.XXXXXXXXXX", path("$(mktemp)"));
        assertEquals("/tmp/tmp.XXXXXXXXXX", path("\"$(mktemp -d)\""));
        assertEquals("/tmp/tmp.XXXXXXXXXX", path("`mktemp --tmpdir`"));
        assertEquals("/tmp/ci.XXXX", path("$(mktemp -dt ci.XXXX)"));
        assertEquals("/var/tmp/b.XXXX", path("$(mktemp --tmpdir=/var/tmp b.XXXX)"));
        assertEquals("/tmp/tmp.XXXXXXXXXX", path("$(mktemp -p /tmp)"));
        assertEquals("/tmp/log.XXXXXX", path("$(mktemp /tmp/log.XXXXXX)"));
        assertEquals("/tmp/log.XXXXXX", path("$(mktemp \"${TMPDIR:-/tmp}/log.XXXXXX\")"));
        assertEquals("/tmp/x.XXXX.json", path("$(mktemp -t x.XXXX --suffix=.json)"));
    }

    @Test
    void anythingElseStaysUnknown() {
        assertNull(path("$(mktemp -p ~)"));
        assertNull(path("$(mktemp ~/x.XXXX)"));
        assertNull(path("$(mktemp x.XXXX)")); // the working directory
        assertNull(path("$(mktemp -p \"$DIR\")"));
        assertNull(path("$(mktemp /tmp/$N.XXXX)"));
        assertNull(path("$(mktemp /tmp/../etc/x.XXXX)"));
        assertNull(path("$(mktemp; echo x)"));
        assertNull(path("$(mktemp)$X"));
        assertNull(path("$(mktemp --unknown)"));
        assertNull(path("$(cat list)"));
        assertNull(TempFiles.mktempPath("$(mktemp)", Map.of("TMPDIR", "/home/user")::get));
    }
}
