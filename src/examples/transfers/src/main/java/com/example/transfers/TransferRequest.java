package com.example.transfers;

/** What a caller sends: {@code {"from":"ACC-1","to":"ACC-2","amount":1500}}. */
public record TransferRequest(String from, String to, long amount) {}
