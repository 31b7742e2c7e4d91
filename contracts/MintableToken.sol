// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title MintableToken
/// @notice Risk pattern "owner mint": the owner can create unlimited new supply and dump it on
/// holders, so the "fixed" supply at launch means nothing.
contract MintableToken is ERC20, Ownable {
    /// @notice Mints the initial supply to `owner_`.
    constructor(string memory name_, string memory symbol_, uint256 supply, address owner_)
        ERC20(name_, symbol_)
        Ownable(owner_)
    {
        _mint(owner_, supply);
    }

    /// @notice Creates `amount` new tokens for `to`, with no cap.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
