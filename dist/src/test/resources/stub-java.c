/* A stand-in java.exe for testing damrelay.cmd under wine (ReleaseLauncherTest): it answers
 * -XshowSettings:properties as a Java of version STUB_JAVA_VERSION would (java.home = its own
 * folder's parent), and otherwise prints each argument it received on a line of its own, so the
 * test sees how cmd quoted them, and whether an @argfile it was given can be opened. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-XshowSettings:properties") == 0) {
            char home[MAX_PATH];
            DWORD n = GetModuleFileNameA(NULL, home, MAX_PATH);
            home[n] = 0;
            for (int cut = 0; cut < 2; cut++) { char *s = strrchr(home, '\\'); if (s) *s = 0; }  /* ...\bin\java.exe */
            const char *v = getenv("STUB_JAVA_VERSION");
            fprintf(stderr, "Property settings:\n    file.encoding = Cp1252\n    java.home = %s\n    java.version = %s\n"
                    "    java.vm.name = stub\n\nopenjdk version \"%s\"\n", home, v ? v : "17.0.9", v ? v : "17.0.9");
            return 0;
        }
    }
    printf("stub java: %d arguments\n", argc - 1);
    for (int i = 1; i < argc; i++) {
        printf("arg %d: [%s]\n", i, argv[i]);
        if (argv[i][0] == '@') {
            FILE *f = fopen(argv[i] + 1, "r");
            printf("argfile %s\n", f ? "opened" : "missing");
            if (f) fclose(f);
        }
    }
    const char *l = getenv("DAMRELAY_LAUNCHER");
    printf("launcher: [%s]\n", l ? l : "");
    return 0;
}
