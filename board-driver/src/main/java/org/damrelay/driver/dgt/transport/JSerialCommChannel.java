package org.damrelay.driver.dgt.transport;

import com.fazecast.jSerialComm.SerialPort;
import com.fazecast.jSerialComm.SerialPortDataListener;
import com.fazecast.jSerialComm.SerialPortEvent;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A serial port through jSerialComm: 9600 baud 8N1, no flow control, and no use of modem lines
 * (pseudo-terminals have none).
 */
public final class JSerialCommChannel implements SerialChannel {
    public static final int BAUD = 9600;

    private final SerialPort port;
    private final List<Runnable> disconnectListeners = new CopyOnWriteArrayList<>();
    private volatile boolean closed;
    private volatile boolean disconnected;
    private int readTimeoutMillis = -1;

    private JSerialCommChannel(SerialPort port) {
        this.port = port;
    }

    public static JSerialCommChannel open(String devicePath) throws IOException {
        SerialPort port;
        try {
            port = SerialPort.getCommPort(devicePath);
        } catch (RuntimeException e) {
            throw new IOException("no serial port " + devicePath + ": " + e.getMessage(), e);
        }
        port.setComPortParameters(BAUD, 8, SerialPort.ONE_STOP_BIT, SerialPort.NO_PARITY);
        port.setFlowControl(SerialPort.FLOW_CONTROL_DISABLED);
        if (!port.openPort()) {
            throw new IOException("cannot open serial port " + devicePath + " (error " + port.getLastErrorCode() + ")");
        }
        JSerialCommChannel channel = new JSerialCommChannel(port);
        port.addDataListener(new SerialPortDataListener() {
            @Override public int getListeningEvents() {
                return SerialPort.LISTENING_EVENT_PORT_DISCONNECTED;
            }

            @Override public void serialEvent(SerialPortEvent event) {
                channel.disconnected = true;
                channel.disconnectListeners.forEach(Runnable::run);
            }
        });
        return channel;
    }

    /** The system's serial port paths, to look for a board by serial number. */
    public static List<String> systemPorts() {
        return Arrays.stream(SerialPort.getCommPorts()).map(SerialPort::getSystemPortPath).toList();
    }

    @Override public int read(byte[] buffer, int timeoutMillis) throws IOException {
        checkOpen();
        int timeout = Math.max(1, timeoutMillis);
        if (timeout != readTimeoutMillis) {
            // reconfiguring the port costs a system call: only when the timeout changes
            port.setComPortTimeouts(SerialPort.TIMEOUT_READ_SEMI_BLOCKING, timeout, 0);
            readTimeoutMillis = timeout;
        }
        int n = port.readBytes(buffer, buffer.length);
        if (n < 0) {
            throw new IOException("read failed on " + name() + " (error " + port.getLastErrorCode() + ")");
        }
        return n;
    }

    @Override public void write(byte[] bytes) throws IOException {
        checkOpen();
        int n = port.writeBytes(bytes, bytes.length);
        if (n != bytes.length) {
            throw new IOException("write failed on " + name() + ": " + n + " of " + bytes.length + " bytes written");
        }
    }

    private void checkOpen() throws IOException {
        if (closed || disconnected) {
            throw new IOException(name() + (closed ? " is closed" : " was disconnected"));
        }
    }

    @Override public String name() {
        return port.getSystemPortPath();
    }

    @Override public void onDisconnect(Runnable listener) {
        disconnectListeners.add(listener);
    }

    @Override public void close() {
        if (!closed) {
            closed = true;
            port.removeDataListener();
            port.closePort();
        }
    }
}
