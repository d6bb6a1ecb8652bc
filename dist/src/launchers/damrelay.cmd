@echo off
rem The damrelay command of a release (Windows): needs only Java 17.0.9 or newer, on the PATH or in JAVA_HOME.
rem Every path is quoted and none is expanded inside a ( ) block, so the folder may be
rem C:\Users\Jan de Vries\Downloads or C:\Program Files (x86).
setlocal
set "HERE=%~dp0"
set "NEED=17.0.9"
set "JAVA=java"
if defined JAVA_HOME if exist "%JAVA_HOME%\bin\java.exe" set "JAVA=%JAVA_HOME%\bin\java.exe"

rem The version before the jar: an older Java would end in UnsupportedClassVersionError. -XshowSettings
rem prints the properties on every Java since 7 ("    java.version = 17.0.9"). "call" keeps the quotes
rem of a path with spaces and parentheses in the command that for /f hands to cmd /c.
set "JVER="
set "JHOME="
for /f "tokens=1,* delims== " %%a in ('call "%JAVA%" -XshowSettings:properties -version 2^>^&1') do (
  if "%%a"=="java.version" if not defined JVER set "JVER=%%b"
  if "%%a"=="java.home" if not defined JHOME set "JHOME=%%b"
)
if not defined JVER goto nojava
rem 1.8.0_381 -> 8; 17.0.9 -> 17 0 9; 21 -> 21 0 0; 25-ea -> 25 0 0
for /f "tokens=1 delims=-+" %%v in ("%JVER%") do set "JNUM=%%v"
set "MAJOR="
set "MINOR="
set "PATCH="
for /f "tokens=1-3 delims=._" %%a in ("%JNUM%") do (
  set "MAJOR=%%a"
  set "MINOR=%%b"
  set "PATCH=%%c"
)
rem set /a: a part that is no number counts as 0
set /a MAJOR=MAJOR+0, MINOR=MINOR+0, PATCH=PATCH+0 >nul 2>&1
if %MAJOR% EQU 1 set /a MAJOR=MINOR, MINOR=0, PATCH=0 >nul
if %MAJOR% LSS 17 goto oldjava
if %MAJOR% EQU 17 if %MINOR% EQU 0 if %PATCH% LSS 9 goto oldjava
rem Java 24 and newer print WARNING lines when Netty uses sun.misc.Unsafe and loads its native code;
rem these flags (the first unknown before Java 23) allow both quietly
set "NEWER="
if %MAJOR% GEQ 23 set "NEWER=--sun-misc-unsafe-memory-access=allow --enable-native-access=ALL-UNNAMED"

rem no arguments: most likely a double-click in Explorer, whose window would close at once
if "%~1"=="" goto explain

rem which command started it, so `event new` prints the line that starts its relay
set "DAMRELAY_LAUNCHER=%HERE%damrelay.cmd"
rem the relay's own JVM options (deploy\relay-jvm.options says why); DAMRELAY_JAVA_OPTS comes later and wins
if /I "%~1"=="relay" goto relay
"%JAVA%" %NEWER% %DAMRELAY_JAVA_OPTS% -jar "%HERE%lib\damrelay.jar" %*
exit /b %ERRORLEVEL%
:relay
"%JAVA%" %NEWER% "@%HERE%deploy\relay-jvm.options" %DAMRELAY_JAVA_OPTS% -jar "%HERE%lib\damrelay.jar" %*
exit /b %ERRORLEVEL%

:explain
echo damrelay: Java %JVER% (%JHOME%)
echo.
echo damrelay runs in a Command Prompt window. Open one in this folder: type cmd in this
echo Explorer window's address bar and press Enter. Then, for example:
echo.
echo   damrelay.cmd event new nk2026 --name "NK 2026" --boards 10
echo   damrelay.cmd relay --config nk2026\relay.yaml
echo.
echo The relay prints the addresses of the viewer and of the arbiter console when it starts:
echo   http://THIS-LAPTOP:8080/?event=nk2026^&round=1
echo   http://THIS-LAPTOP:8080/arbiter.html?event=nk2026^&round=1
echo damrelay.cmd --help lists every command; the day itself, step by step: docs\hall.md
echo.
pause
exit /b 0

:nojava
echo damrelay: no Java found (no java on the PATH, no JAVA_HOME); Java %NEED% or later is needed, e.g. https://adoptium.net 1>&2
goto fail
:oldjava
echo damrelay: Java %JVER% found (%JHOME%); Java %NEED% or later is needed, e.g. https://adoptium.net (or set JAVA_HOME) 1>&2
:fail
rem a double-click: keep the window open so the line can be read
if "%~1"=="" pause
exit /b 1
