package bank;

import bank.util.Checks;
import bank.util.Money;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Keeps the bank's accounts and the ordered list of transfers between them. */
public final class Ledger {
    private final Map<String, Account> accounts = new LinkedHashMap<>();
    private final List<Transfer> transfers = new ArrayList<>();

    /** Opens a new account; throws BankException when the id is already taken. */
    public Account open(String id, String owner, Money overdraftLimit) {
        Account account = new Account(id, owner, overdraftLimit);
        if (accounts.putIfAbsent(account.id(), account) != null) {
            throw new BankException("account " + account.id() + " already exists");
        }
        return account;
    }

    /** Returns the account with the given id, or throws BankException when there is none. */
    public Account find(String id) {
        Account account = accounts.get(id);
        if (account == null) {
            throw new BankException("no account " + id);
        }
        return account;
    }

    /** Returns the balance of the account with the given id. */
    public Money balanceOf(String id) {
        return find(id).balance();
    }

    /**
     * Moves amount from one account to another and records the transfer. Nothing changes
     * when the sender cannot pay: its withdrawal fails before the deposit happens.
     */
    public Transfer transfer(String fromId, String toId, Money amount, String memo) {
        Account from = find(fromId);
        Account to = find(toId);
        Transfer transfer = new Transfer(transfers.size() + 1, from.id(), to.id(), amount, memo);
        from.withdraw(amount);
        to.deposit(amount);
        transfers.add(transfer);
        return transfer;
    }

    /** Returns the transfers that involve an account, oldest first. */
    public List<Transfer> history(String accountId) {
        find(accountId);
        return transfers.stream().filter(t -> t.involves(accountId)).toList();
    }

    /** Returns the net amount that transfers moved into an account (negative when it paid out more). */
    public Money netFlow(String accountId) {
        return Money.sum(history(accountId).stream().map(t -> t.signedAmountFor(accountId)).toList());
    }

    /** Returns the sum of all account balances. */
    public Money totalBalance() {
        return Money.sum(accounts.values().stream().map(Account::balance).toList());
    }

    /** Returns the overdrawn accounts sorted by id. */
    public List<Account> overdrawn() {
        return accounts.values().stream().filter(Account::isOverdrawn).sorted(Comparator.comparing(Account::id)).toList();
    }

    /**
     * Pays interest at a whole percentage on every positive balance and returns the total paid.
     * Accounts at or below zero earn nothing.
     */
    public Money applyInterest(int percent) {
        Checks.requireNonNegative(Money.ofCents(percent), "interest rate");
        List<Money> paid = new ArrayList<>();
        for (Account account : accounts.values()) {
            Money interest = account.balance().percent(percent);
            if (interest.greaterThan(Money.ZERO)) {
                account.deposit(interest);
                paid.add(interest);
            }
        }
        return Money.sum(paid);
    }

    /** Renders an account statement: a header line, one line per transfer and the balance. */
    public String statement(String accountId) {
        Account account = find(accountId);
        StringBuilder text = new StringBuilder("Statement for " + account.id() + " (" + account.owner() + ")\n");
        for (Transfer transfer : history(accountId)) {
            text.append("  ").append(transfer.describe()).append('\n');
        }
        return text.append("Balance: ").append(account.balance()).toString();
    }
}
