package bank;

/** Raised when a bank operation cannot be carried out, e.g. an unknown or frozen account. */
public class BankException extends RuntimeException {
    /** Creates an exception with a message that explains what went wrong. */
    public BankException(String message) {
        super(message);
    }
}
