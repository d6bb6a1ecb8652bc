@echo off
rem The damrelay command of a release (Windows): needs only Java 17 or newer on the PATH, or JAVA_HOME.
setlocal
set "HERE=%~dp0"
set "JAVA=java"
if defined JAVA_HOME if exist "%JAVA_HOME%\bin\java.exe" set "JAVA=%JAVA_HOME%\bin\java.exe"
"%JAVA%" -version >nul 2>&1
if errorlevel 1 (
  echo damrelay: Java 17 or newer is needed ^(no java on the PATH and no JAVA_HOME^); e.g. https://adoptium.net 1>&2
  exit /b 1
)
rem the relay's own JVM options (deploy\relay-jvm.options says why); DAMRELAY_JAVA_OPTS comes later and wins
set "JVMFILE="
if /I "%~1"=="relay" set "JVMFILE=@%HERE%deploy\relay-jvm.options"
"%JAVA%" %JVMFILE% %DAMRELAY_JAVA_OPTS% -jar "%HERE%lib\damrelay.jar" %*
exit /b %ERRORLEVEL%
